import './payments.css';
import { useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import type { CardOutcome } from '#shared/card-paths.ts';
import { paths } from '#shared/paths.ts';
import { formatLongDateTime } from '#shared/dates.ts';
import { ContinueShoppingLink } from '../../components/continue-shopping-link.tsx';
import { useSession } from '../../session/session.tsx';
import { multibancoWatchQueryOptions } from './api.ts';
import { PayByCardButton, PayByPayshopButton, useOfferedMethods } from './other-ways.tsx';
import { orderHref } from './payment-alternatives.tsx';
import { parseOrderId } from './payment-format.ts';
import { PaymentShell } from './payment-screen.tsx';
import { readPaymentState } from './payment-state.ts';
import BiCheckCircleFillIcon from '~icons/bi/check-circle-fill';
import BiHourglassSplitIcon from '~icons/bi/hourglass-split';

/** How often the success page asks whether the gateway's callback arrived (it usually comes within seconds). */
const CONFIRM_POLL_MS = 3000;

const headings: Record<CardOutcome, string> = {
  sucesso: 'Pagamento com cartão',
  cancelado: 'Pagamento cancelado',
  erro: 'O pagamento não foi aceite',
};
const meta = { title: 'Pagamento com cartão', description: 'O resultado do pagamento com cartão da sua encomenda.' };

/**
 * /pagamento/cartao/{sucesso|cancelado|erro}/{order}[/{token}] (issue #27): where ifthenpay's card page sends the
 * customer back. The address pays nothing (anyone can type it): the success page waits for the gateway's
 * callback to mark the order paid; cancel and error say the order still waits and offer the other ways.
 */
export function CardReturnPage() {
  const { outcome, orderId: idParam, token } = useParams();
  const orderId = parseOrderId(idParam ?? null);
  if (orderId === null || (outcome !== 'sucesso' && outcome !== 'cancelado' && outcome !== 'erro')) return <Navigate to={paths.home} replace />;
  return (
    <PaymentShell meta={{ ...meta, title: headings[outcome] }}>
      <Card className="shadow-sm">
        <Card.Body className="p-3 p-sm-4">
          <div className="text-center mb-4">
            <h1 className="h3">{headings[outcome]}</h1>
            <p className="text-secondary mb-0">{`Encomenda N.º ${orderId}`}</p>
          </div>
          {outcome === 'sucesso' ?
            <Confirming orderId={orderId} token={token} />
          : <NotPaid orderId={orderId} token={token} outcome={outcome} />}
        </Card.Body>
      </Card>
    </PaymentShell>
  );
}

function Confirming({ orderId, token }: { orderId: number; token: string | undefined }) {
  const { user } = useSession();
  const watch = useQuery({
    ...multibancoWatchQueryOptions(orderId, token),
    refetchInterval: (query) => (query.state.data?.payments.some((p) => p.status === 'paid') ? false : CONFIRM_POLL_MS),
  });
  const paid = watch.data?.payments.find((p) => p.status === 'paid');
  return (
    <>
      <div aria-live="polite">
        {paid ?
          <Alert variant="success">
            <p className="fw-semibold mb-1">
              <BiCheckCircleFillIcon className="bi me-2" aria-hidden="true" />
              Pagamento recebido!
            </p>
            <p className="mb-0">
              {'Pago em '}
              <time dateTime={paid.paidAt ?? ''}>{formatLongDateTime(paid.paidAt ?? '')}</time>. Enviámos a confirmação por email e vamos preparar a
              sua encomenda.
            </p>
          </Alert>
        : <Alert variant="info" className="d-flex gap-2">
            <BiHourglassSplitIcon className="bi flex-shrink-0 mt-1" aria-hidden="true" />
            <span>
              A confirmar o pagamento com o banco... Normalmente demora poucos segundos. Pode fechar esta página: quando a confirmação chegar,
              enviamos um email e a encomenda passa a «Em Processamento».
            </span>
          </Alert>
        }
      </div>
      <div className="d-flex flex-column flex-sm-row justify-content-center gap-2 mt-4">
        <Link to={orderHref(orderId, token, Boolean(user))} className="btn btn-primary">
          Ver a encomenda
        </Link>
        <ContinueShoppingLink to={paths.home} />
      </div>
    </>
  );
}

function NotPaid({ orderId, token, outcome }: { orderId: number; token: string | undefined; outcome: 'cancelado' | 'erro' }) {
  const { user } = useSession();
  const offered = useOfferedMethods();
  // The checkout's own failure to open the card page (the gateway unreachable), passed in the navigation state.
  const opened = readPaymentState(useLocation().state, orderId).error;
  return (
    <>
      <Alert variant={outcome === 'erro' ? 'danger' : 'warning'}>
        <p className="mb-1">
          {opened ??
            (outcome === 'erro' ? 'O banco não aceitou o pagamento com este cartão. Nenhum valor foi cobrado.' : 'Cancelou o pagamento com cartão. Nenhum valor foi cobrado.')}
        </p>
        <p className="mb-0">A encomenda continua registada e à espera de pagamento: pode tentar de novo ou pagar de outra forma.</p>
      </Alert>
      <div className="d-flex flex-wrap gap-2">
        <PayByCardButton orderId={orderId} token={token} variant="primary" label="Tentar de novo com cartão" />
        {offered.includes('payshop') && <PayByPayshopButton orderId={orderId} token={token} />}
        <Link to={orderHref(orderId, token, Boolean(user))} className="btn btn-outline-primary">
          Ver a encomenda e pagar de outra forma
        </Link>
      </div>
    </>
  );
}

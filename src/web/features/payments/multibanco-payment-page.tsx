import Alert from 'react-bootstrap/Alert';
import { Link, useNavigate } from 'react-router';
import { formatLongDateTime } from '#shared/dates.ts';
import type { MultibancoAnswer } from '#shared/schemas/payments.ts';
import { paths } from '#shared/paths.ts';
import { ContinueShoppingLink } from '../../components/continue-shopping-link.tsx';
import { useSession } from '../../session/session.tsx';
import { MultibancoDetails, type MultibancoFigures } from './multibanco-details.tsx';
import { orderHref } from './payment-alternatives.tsx';
import { amountDigits, paymentSearch } from './payment-format.ts';
import { type PaymentMeta, PaymentNotFound, PaymentRoute, type PaymentScreenProps, PaymentShell, type PaymentTexts, useNewestPayment } from './payment-screen.tsx';
import type { PaymentScreenState } from './payment-state.ts';
import { ReferenceCard, ReferenceStartFailed } from './reference-screens.tsx';
import { startMultibanco } from './api.ts';
import { useMultibancoPaid } from './use-multibanco-paid.ts';
import BiCreditCard2FrontIcon from '~icons/bi/credit-card-2-front';
import BiEnvelopeIcon from '~icons/bi/envelope';

const title = 'Pagamento por Multibanco';
const meta: PaymentMeta = { title, description: 'A referência Multibanco para pagar a sua encomenda no multibanco ou no homebanking.' };
const texts: PaymentTexts = { meta, notFound: 'Referência Multibanco não encontrada.', loadError: 'Não foi possível carregar a referência Multibanco. Por favor, tente novamente.', loading: 'A carregar a referência...' };

/**
 * /multibanco-payment (backoffice.md §2, storefront.md §3): the order's entity, reference and amount, valid 48 hours.
 * From the checkout's navigation state, or after a reload from the order id (and a guest's token) in the address.
 */
export function MultibancoPaymentPage() {
  return <PaymentRoute texts={texts} Screen={MultibancoScreen} />;
}

function MultibancoScreen(props: PaymentScreenProps) {
  const { orderId, token, state } = props;
  const { waiting, found } = useNewestPayment(texts, props, 'multibanco', !state.multibanco && !state.error);

  if (state.multibanco) {
    return (
      <PaymentShell meta={meta}>
        <ReferenceView orderId={orderId} token={token} email={state.order?.email} figures={state.multibanco} sandbox={state.multibanco.sandbox} />
      </PaymentShell>
    );
  }
  if (state.error) {
    return (
      <PaymentShell meta={meta}>
        <StartFailed orderId={orderId} token={token} state={state} />
      </PaymentShell>
    );
  }
  if (waiting) return waiting;
  if (found?.status === 'paid' && found.paidAt) {
    return (
      <PaymentShell meta={meta}>
        <h1 className="h2 mb-4">{title}</h1>
        <Alert variant="success">
          <p className="fw-semibold mb-1">{`Encomenda N.º ${orderId}: pagamento recebido.`}</p>
          <p className="mb-0">
            {'Pago em '}
            <time dateTime={found.paidAt}>{formatLongDateTime(found.paidAt)}</time>.
          </p>
        </Alert>
        <Actions orderId={orderId} token={token} />
      </PaymentShell>
    );
  }
  if (!found || found.status !== 'pending' || !found.entity || !found.reference) return <PaymentNotFound meta={meta} message={texts.notFound} />;
  const figures: MultibancoFigures = { entity: found.entity, reference: found.reference, amount: found.amount, expiresAt: found.expiresAt };
  return (
    <PaymentShell meta={meta}>
      <ReferenceView orderId={orderId} token={token} figures={figures} sandbox={found.gateway === 'sandbox'} />
    </PaymentShell>
  );
}

function Actions({ orderId, token }: { orderId: number; token: string | undefined }) {
  const { user } = useSession();
  return (
    <div className="d-flex flex-column flex-sm-row justify-content-center gap-2 mt-4">
      {user ?
        <Link to={paths.myOrders} className="btn btn-primary">
          Ver as minhas encomendas
        </Link>
      : <Link to={orderHref(orderId, token, false)} className="btn btn-primary">
          Ver a encomenda
        </Link>
      }
      <ContinueShoppingLink to={paths.home} />
    </div>
  );
}

type ReferenceProps = { orderId: number; token: string | undefined; figures: MultibancoFigures; sandbox: boolean; email?: string | undefined };

/** The reference to pay; while it waits, the screen asks whether it was paid, and moves on to the order when it was. */
function ReferenceView({ orderId, token, figures, sandbox, email }: ReferenceProps) {
  const paid = useMultibancoPaid(orderId, token);
  const atm = new URLSearchParams({ entity: figures.entity, reference: figures.reference, amount: amountDigits(figures.amount) });
  return (
    <ReferenceCard
      title={title}
      orderId={orderId}
      icon={<BiCreditCard2FrontIcon className="bi text-primary display-5 d-block mb-2" aria-hidden="true" />}
      paid={paid}
      paidText="Obrigado. Vamos abrir a sua encomenda..."
      actions={<Actions orderId={orderId} token={token} />}
      sandbox={
        sandbox ?
          { text: 'Esta referência é de teste: nenhum dinheiro é movimentado. Pode pagá-la como num multibanco na página de testes.', to: `${paths.sandboxMultibanco}?${atm.toString()}`, label: 'Pagar no multibanco de testes' }
        : null
      }
    >
      <p>Pague no multibanco ou no homebanking, em «Pagamentos de serviços», com estes dados:</p>
      <MultibancoDetails figures={figures} className="mb-3" />
      <Alert variant="info" className="d-flex gap-2 mb-0">
        <BiEnvelopeIcon className="bi" aria-hidden="true" />
        <span>
          {'Assim que recebermos o pagamento, enviamos a confirmação por email'}
          {email ?
            <>
              {' para '}
              <strong className="text-break">{email}</strong>
            </>
          : null}
          {' e preparamos a sua encomenda.'}
        </span>
      </Alert>
    </ReferenceCard>
  );
}

/** The order exists but its reference could not be made: ask again, and show the new one. */
function StartFailed({ orderId, token, state }: { orderId: number; token: string | undefined; state: PaymentScreenState }) {
  const navigate = useNavigate();
  const onStarted = (multibanco: MultibancoAnswer) => {
    const next: PaymentScreenState = { order: state.order, multibanco };
    void navigate(`${paths.multibancoPayment}?${paymentSearch(orderId, token)}`, { replace: true, state: next });
  };
  return <ReferenceStartFailed title={title} orderId={orderId} token={token} message={state.error} start={() => startMultibanco(orderId, token)} onStarted={onStarted} />;
}

import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router';
import { formatEuros } from '#shared/money.ts';
import { mbwayFailureMessage, type MbwayStatus, paymentMessages } from '#shared/schemas/payments.ts';
import { paths } from '#shared/paths.ts';
import { SUCCESS_MS } from '../../components/use-timers.ts';
import { PaymentAlternatives } from './payment-alternatives.tsx';
import { formatCountdown, groupPhone, paymentSearch } from './payment-format.ts';
import { type PaymentMeta, PaymentNotFound, PaymentRoute, type PaymentScreenProps, PaymentShell, type PaymentTexts, useNewestPayment } from './payment-screen.tsx';
import { paymentOrderQueryOptions } from './api.ts';
import { type MbwayPhase, useMbwayStatus, useTimeLeft } from './use-mbway-status.ts';
import BiBoxArrowUpRightIcon from '~icons/bi/box-arrow-up-right';
import BiCheckCircleFillIcon from '~icons/bi/check-circle-fill';

const title = 'Pagamento MB WAY';
const meta: PaymentMeta = { title, description: 'Confirme na app MB WAY o pagamento da sua encomenda.' };
const texts: PaymentTexts = { meta, notFound: 'Pedido de pagamento MB WAY não encontrado.', loadError: 'Não foi possível carregar o pedido de pagamento MB WAY. Por favor, tente novamente.', loading: 'A carregar o pedido de pagamento...' };

/** The request the screen follows: from the MB WAY answer, or the order's newest MB WAY payment. */
type MbwayRequestView = { phone: string; amount: number; expiresAt: string; status: MbwayStatus; sandboxUrl?: string | undefined };

/**
 * /mbway-payment (backoffice.md §2, §4, §8, §9): the phone the request went to, a spinner and the minutes left
 * while the server says pending (asked every 5 s), then the success box and /order-success after 3 s, or the
 * failure box with the ways to pay the same order after all.
 */
export function MbwayPaymentPage() {
  return <PaymentRoute texts={texts} Screen={MbwayScreen} />;
}

function MbwayScreen(props: PaymentScreenProps) {
  const { orderId, token, state } = props;
  const passed: MbwayRequestView | undefined =
    state.mbway && {
      phone: state.mbway.phone_number,
      amount: state.mbway.amount,
      expiresAt: state.mbway.expiresAt,
      status: state.mbway.status,
      sandboxUrl: state.mbway.sandboxUrl,
    };
  // The gateway did not confirm the request it may well have sent (#27): the shop kept the attempt, and this
  // screen follows it as any other, under the warning.
  const unconfirmed = state.error === paymentMessages.mbwayUnconfirmed ? state.error : undefined;
  const { waiting, found } = useNewestPayment(texts, props, 'mbway', !passed && (!state.error || Boolean(unconfirmed)));
  // The order (its total and e-mail) is what a new request for it needs.
  const order = useQuery({ ...paymentOrderQueryOptions(orderId, token), enabled: !state.order });
  const theOrder = state.order ?? order.data;
  const alternatives = (phone: string) => (
    <PaymentAlternatives orderId={orderId} token={token} order={theOrder} orderLoading={!state.order && order.isPending} phone={phone} />
  );

  if (!passed && state.error && !unconfirmed) {
    return (
      <PaymentShell meta={meta}>
        <h1 className="h2 mb-4">{title}</h1>
        <Card className="shadow-sm">
          <Card.Body className="p-3 p-sm-4">
            <p className="mb-3">{`Encomenda N.º ${orderId}`}</p>
            <Alert variant="danger">
              <p className="mb-1">{state.error}</p>
              <p className="mb-0">A sua encomenda foi registada: pode tentar novamente ou pagar por Multibanco.</p>
            </Alert>
            {alternatives(theOrder?.phone ?? '')}
          </Card.Body>
        </Card>
      </PaymentShell>
    );
  }

  let request = passed;
  if (!request) {
    if (waiting) return waiting;
    if (!found) return <PaymentNotFound meta={meta} message={texts.notFound} />;
    request = { phone: found.phone_number ?? '', amount: found.amount, expiresAt: found.expiresAt, status: found.status, sandboxUrl: found.sandboxUrl };
  }

  return (
    <PaymentShell meta={meta}>
      <MbwayProgress orderId={orderId} token={token} request={request} alternatives={alternatives} notice={unconfirmed} />
    </PaymentShell>
  );
}

type ProgressProps = {
  orderId: number;
  token: string | undefined;
  request: MbwayRequestView;
  alternatives: (phone: string) => ReactNode;
  /** Said above the request: the gateway did not confirm it was sent. */
  notice?: string | undefined;
};

function MbwayProgress({ orderId, token, request, alternatives, notice }: ProgressProps) {
  const navigate = useNavigate();
  const { view, recheck } = useMbwayStatus(orderId, token, request.status);
  const pending = view.phase === 'pending';
  const left = useTimeLeft(request.expiresAt, pending);

  // backoffice.md §4, §9: once paid, the confirmation after 3 s. It loads the order afresh: the copy held here
  // predates the payment (its status, paid date and digital links have changed since).
  useEffect(() => {
    if (view.phase !== 'paid') return;
    const timer = window.setTimeout(() => void navigate(`${paths.orderSuccess}?${paymentSearch(orderId, token)}`, { replace: true }), SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [view.phase, orderId, token, navigate]);

  return (
    <>
      <h1 className="h2 mb-4">{title}</h1>
      {notice && view.phase === 'pending' && <Alert variant="warning">{notice}</Alert>}
      <Card className="shadow-sm">
        <Card.Body className="p-3 p-sm-4">
          <dl className="row mb-3">
            <dt className="col-5 fw-normal text-secondary">Encomenda</dt>
            <dd className="col-7 text-end fw-semibold">{`N.º ${orderId}`}</dd>
            <dt className="col-5 fw-normal text-secondary">Telemóvel</dt>
            <dd className="col-7 text-end fw-semibold text-nowrap">{groupPhone(request.phone)}</dd>
            <dt className="col-5 fw-normal text-secondary">Montante</dt>
            <dd className="col-7 text-end fw-semibold text-nowrap mb-0">{formatEuros(request.amount)}</dd>
          </dl>
          <div aria-live="polite" aria-atomic="true">
            <StatusBox view={view} phone={request.phone} onRecheck={recheck} />
          </div>
          {pending && (
            <p className="text-center text-secondary mb-0" role="timer" aria-live="off">
              {left > 0 ?
                <>
                  {'Tempo restante para aceitar: '}
                  <span className="fw-semibold font-monospace">{formatCountdown(left)}</span>
                </>
              : 'O tempo para aceitar terminou. A confirmar o estado do pagamento...'}
            </p>
          )}
          {(view.phase === 'failed' || view.phase === 'error') && <div className="mt-3">{alternatives(request.phone)}</div>}
        </Card.Body>
      </Card>
      {pending && request.sandboxUrl && (
        <Card className="mt-4 border-warning payment-sandbox">
          <Card.Body>
            <Badge bg="warning" text="dark" className="mb-2">
              Ambiente de testes
            </Badge>
            <p className="small mb-2">Este pagamento é de teste: nenhum dinheiro é movimentado. Aceite ou recuse o pedido no telemóvel de testes.</p>
            <a href={request.sandboxUrl} target="_blank" rel="noopener" className="btn btn-sm btn-outline-dark">
              Abrir o telemóvel de testes
              <span className="visually-hidden"> (abre num novo separador)</span>
              <BiBoxArrowUpRightIcon className="bi ms-2" aria-hidden="true" />
            </a>
          </Card.Body>
        </Card>
      )}
    </>
  );
}

function StatusBox({ view, phone, onRecheck }: { view: MbwayPhase; phone: string; onRecheck: () => void }) {
  switch (view.phase) {
    case 'pending':
      return (
        <div className="text-center py-3">
          <Spinner animation="border" variant="primary" className="mb-3" aria-hidden="true" />
          <p className="fw-semibold mb-1">A aguardar a confirmação do pagamento...</p>
          <p className="text-secondary mb-2">{`Enviámos um pedido de pagamento para o telemóvel ${groupPhone(phone)}. Abra a app MB WAY e aceite-o.`}</p>
        </div>
      );
    case 'paid':
      return (
        <Alert variant="success" className="mb-0">
          <p className="fw-semibold mb-1">
            <BiCheckCircleFillIcon className="bi me-2" aria-hidden="true" />
            Pagamento confirmado!
          </p>
          <p className="mb-0">Obrigado. Vamos abrir a confirmação da encomenda...</p>
        </Alert>
      );
    case 'failed':
      return (
        <Alert variant="danger" className="mb-0">
          {mbwayFailureMessage(view.status)}
        </Alert>
      );
    case 'error':
      return (
        <Alert variant="danger" className="mb-0 d-flex flex-wrap align-items-center justify-content-between gap-2">
          <span>{paymentMessages.statusError}</span>
          <Button variant="outline-danger" size="sm" onClick={onRecheck}>
            Verificar de novo
          </Button>
        </Alert>
      );
  }
}

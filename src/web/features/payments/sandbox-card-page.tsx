import './payments.css';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { formatEuros } from '#shared/money.ts';
import { paymentMessages, paymentStatusLabel } from '#shared/schemas/payments.ts';
import { ApiError, errorMessage } from '../../api/client.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { decideSandboxCard, fetchSandboxCard, paymentKeys } from './api.ts';
import { SANDBOX_OFF, SandboxCard, SandboxShell } from './sandbox-ui.tsx';

const title = 'Página de pagamento com cartão (testes)';
const description = 'Ambiente de testes: aceitar, recusar ou cancelar um pagamento com cartão, sem movimentar dinheiro.';
const decideFailed = 'Não foi possível responder ao pagamento. Por favor, tente novamente.';

type Action = 'accept' | 'refuse' | 'cancel';
/** Where each outcome sends the customer back, as the gateway's page does: the shop's return page for it. */
const returnOf: Record<Action, 'success' | 'error' | 'cancel'> = { accept: 'success', refuse: 'error', cancel: 'cancel' };

/** Only the shop's own pages: a path, never another site (the address is the gateway's to give, here anyone's to type). */
const shopPath = (value: string | null) => (value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null);

/**
 * /sandbox/cartao/:requestId (issue #27): stands for ifthenpay's card page. Accept pays through the gateway's
 * callback, as the real page does; refuse and cancel end the attempt. Each then returns to the shop's page.
 */
export function SandboxCardPage() {
  const { requestId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const payment = useQuery({
    queryKey: [...paymentKeys.all, 'sandbox', 'card', requestId] as const,
    queryFn: ({ signal }) => fetchSandboxCard(requestId, signal),
    enabled: requestId.length > 0 && requestId.length <= 100,
  });
  const decide = useMutation({
    mutationFn: (action: Action) => decideSandboxCard(requestId, action),
    onSuccess: (_answer, action) => {
      const back = shopPath(params.get(returnOf[action]));
      if (back) void navigate(back);
    },
  });

  if (payment.isPending && payment.fetchStatus !== 'idle') {
    return (
      <SandboxShell title={title} description={description}>
        <PageSpinner label="A carregar o pagamento..." />
      </SandboxShell>
    );
  }
  if (!payment.data) {
    const missing = !payment.isError || (payment.error instanceof ApiError && payment.error.status === 404);
    return (
      <SandboxShell title={title} description={description}>
        <Alert variant={missing ? 'secondary' : 'danger'}>
          {missing ? paymentMessages.sandboxCardNotFound : errorMessage(payment.error, decideFailed)}
          {missing && <span className="d-block small mt-1">{SANDBOX_OFF}</span>}
        </Alert>
      </SandboxShell>
    );
  }
  const pending = payment.data.status === 'pending';
  const busy = decide.isPending || decide.isSuccess;
  return (
    <SandboxShell title={title} description={description}>
      <SandboxCard heading="Pagamento com cartão">
        <dl className="payment-figures mb-3">
          <div className="payment-figure">
            <dt>Encomenda</dt>
            <dd>{`N.º ${payment.data.order_id}`}</dd>
          </div>
          <div className="payment-figure">
            <dt>Montante</dt>
            <dd className="payment-figure-value">{formatEuros(payment.data.amount)}</dd>
          </div>
          <div className="payment-figure">
            <dt>Estado</dt>
            <dd>{paymentStatusLabel[payment.data.status]}</dd>
          </div>
        </dl>
        {pending && (
          <div className="d-grid gap-2">
            <Button variant="success" onClick={() => decide.mutate('accept')} disabled={busy}>
              Aceitar pagamento
            </Button>
            <Button variant="outline-danger" onClick={() => decide.mutate('refuse')} disabled={busy}>
              Recusar (cartão sem saldo)
            </Button>
            <Button variant="outline-secondary" onClick={() => decide.mutate('cancel')} disabled={busy}>
              Cancelar e voltar à loja
            </Button>
          </div>
        )}
        <div aria-live="polite">
          {decide.isError && (
            <Alert variant="danger" className="mt-3 mb-0">
              {errorMessage(decide.error, decideFailed)}
            </Alert>
          )}
        </div>
      </SandboxCard>
    </SandboxShell>
  );
}

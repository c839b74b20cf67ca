import './payments.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useParams } from 'react-router';
import { formatEuros } from '#shared/money.ts';
import { type MbwayStatus, paymentMessages, paymentStatusLabel, type PaymentStatus, type SandboxMbwayRequest } from '#shared/schemas/payments.ts';
import { ApiError, errorMessage } from '../../api/client.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { formatCountdown, groupPhone } from './payment-format.ts';
import { decideSandboxMbway, fetchSandboxMbway, paymentKeys } from './api.ts';
import { SANDBOX_OFF, SandboxCard, SandboxShell } from './sandbox-ui.tsx';
import { useTimeLeft } from './use-mbway-status.ts';
import BiPhoneIcon from '~icons/bi/phone';

const title = 'Telemóvel de testes (MB WAY)';
const description = 'Ambiente de testes: aceitar ou recusar um pedido de pagamento MB WAY, sem movimentar dinheiro.';
const decideFailed = 'Não foi possível responder ao pedido. Por favor, tente novamente.';

const statusLabel = (status: MbwayStatus) =>
  status === 'unknown_gateway_status' ? 'Estado desconhecido' : paymentStatusLabel[status as PaymentStatus];

/** /sandbox/mbway/:requestId: the customer's MB WAY app, for tests: the request, then 'Aceitar pagamento' or 'Recusar'. */
export function SandboxMbwayPage() {
  const { requestId = '' } = useParams();
  const queryClient = useQueryClient();
  const request = useQuery({
    queryKey: paymentKeys.sandboxMbway(requestId),
    queryFn: ({ signal }) => fetchSandboxMbway(requestId, signal),
    enabled: requestId.length > 0 && requestId.length <= 100,
  });
  const decide = useMutation({
    mutationFn: (accept: boolean) => decideSandboxMbway(requestId, accept),
    onSuccess: (answer) => queryClient.setQueryData(paymentKeys.sandboxMbway(requestId), answer),
  });

  if (request.isPending && request.fetchStatus !== 'idle') {
    return (
      <SandboxShell title={title} description={description}>
        <PageSpinner label="A carregar o pedido..." />
      </SandboxShell>
    );
  }
  if (!request.data) {
    const missing = !request.isError || (request.error instanceof ApiError && request.error.status === 404);
    return (
      <SandboxShell title={title} description={description}>
        <Alert variant={missing ? 'secondary' : 'danger'} className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <span>
            {missing ? paymentMessages.sandboxRequestNotFound : errorMessage(request.error, 'Não foi possível carregar o pedido. Por favor, tente novamente.')}
            {missing && <span className="d-block small mt-1">{SANDBOX_OFF}</span>}
          </span>
          {!missing && (
            <Button variant="outline-danger" size="sm" onClick={() => void request.refetch()} disabled={request.isFetching}>
              Tentar novamente
            </Button>
          )}
        </Alert>
      </SandboxShell>
    );
  }
  return (
    <SandboxShell title={title} description={description}>
      <Phone request={request.data} decide={(accept) => decide.mutate(accept)} deciding={decide.isPending ? decide.variables : undefined} />
      <div aria-live="polite">
        {decide.isError && (
          <Alert variant="danger" className="mt-3">
            {errorMessage(decide.error, decideFailed)}
          </Alert>
        )}
      </div>
    </SandboxShell>
  );
}

function Phone({ request, decide, deciding }: { request: SandboxMbwayRequest; decide: (accept: boolean) => void; deciding: boolean | undefined }) {
  const pending = request.status === 'pending';
  const left = useTimeLeft(request.expiresAt, pending);
  const busy = deciding !== undefined;
  return (
    <SandboxCard icon={BiPhoneIcon} heading="Pedido de pagamento MB WAY" centered>
        <dl className="payment-figures mb-3">
          <div className="payment-figure">
            <dt>Montante</dt>
            <dd className="payment-figure-value">{formatEuros(request.amount)}</dd>
          </div>
          <div className="payment-figure">
            <dt>Encomenda</dt>
            <dd>{`N.º ${request.order_id}`}</dd>
          </div>
          <div className="payment-figure">
            <dt>Telemóvel</dt>
            <dd className="text-nowrap">{groupPhone(request.phone_number)}</dd>
          </div>
          <div className="payment-figure">
            <dt>Estado</dt>
            <dd>{statusLabel(request.status)}</dd>
          </div>
        </dl>
        <div aria-live="polite">
          {request.status === 'paid' && (
            <Alert variant="success" className="mb-0">
              {paymentMessages.sandboxPaid} A página de pagamento da loja avança sozinha.
            </Alert>
          )}
          {request.status !== 'paid' && !pending && (
            <Alert variant="secondary" className="mb-0">
              {request.status === 'rejected' ? `${paymentMessages.sandboxRefused} A página de pagamento da loja mostra a recusa.` : paymentMessages.notPayable}
            </Alert>
          )}
        </div>
        {pending && (
          <>
            <p className="text-center text-secondary small" role="timer" aria-live="off">
              {`Expira em ${formatCountdown(left)}`}
            </p>
            <div className="d-grid gap-2 d-sm-flex justify-content-sm-center">
              <Button variant="success" onClick={() => decide(true)} disabled={busy} aria-busy={deciding === true || undefined}>
                {deciding === true && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
                Aceitar pagamento
              </Button>
              <Button variant="outline-danger" onClick={() => decide(false)} disabled={busy} aria-busy={deciding === false || undefined}>
                {deciding === false && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
                Recusar
              </Button>
            </div>
          </>
        )}
    </SandboxCard>
  );
}

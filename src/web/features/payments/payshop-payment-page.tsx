import './payments.css';
import { useMutation } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link, useNavigate } from 'react-router';
import { paths } from '#shared/paths.ts';
import { paymentMessages } from '#shared/schemas/payments.ts';
import { errorMessage } from '../../api/client.ts';
import { useSession } from '../../session/session.tsx';
import { startPayshop } from './api.ts';
import { useReferencePaid } from './use-multibanco-paid.ts';
import { orderHref } from './payment-alternatives.tsx';
import { PayshopDetails, type PayshopFigures } from './other-ways.tsx';
import { amountDigits, paymentSearch } from './payment-format.ts';
import { type PaymentMeta, PaymentNotFound, PaymentRoute, type PaymentScreenProps, PaymentShell, type PaymentTexts, useNewestPayment } from './payment-screen.tsx';
import BiCheckCircleFillIcon from '~icons/bi/check-circle-fill';

const title = 'Pagamento por Payshop';
const meta: PaymentMeta = { title, description: 'A referência Payshop para pagar a sua encomenda em numerário num agente Payshop ou nos CTT.' };
const texts: PaymentTexts = { meta, notFound: 'Referência Payshop não encontrada.', loadError: 'Não foi possível carregar a referência Payshop. Por favor, tente novamente.', loading: 'A carregar a referência...' };

/**
 * /payshop-payment (issue #27): the order's Payshop reference, its amount and deadline, and what to do with them.
 * Read from the order's payments (the checkout asked for it just before), so a reload shows the same.
 */
export function PayshopPaymentPage() {
  return <PaymentRoute texts={texts} Screen={PayshopScreen} />;
}

function PayshopScreen(props: PaymentScreenProps) {
  const { orderId, token, state } = props;
  const { waiting, found } = useNewestPayment(texts, props, 'payshop', !state.error);
  if (state.error) {
    return (
      <PaymentShell meta={meta}>
        <StartFailed orderId={orderId} token={token} message={state.error} />
      </PaymentShell>
    );
  }
  if (waiting) return waiting;
  if (!found || found.status !== 'pending' || !found.reference) return <PaymentNotFound meta={meta} message={texts.notFound} />;
  return (
    <PaymentShell meta={meta}>
      <ReferenceView orderId={orderId} token={token} figures={{ reference: found.reference, amount: found.amount, expiresAt: found.expiresAt }} sandbox={found.gateway === 'sandbox'} />
    </PaymentShell>
  );
}

function ReferenceView({ orderId, token, figures, sandbox }: { orderId: number; token: string | undefined; figures: PayshopFigures; sandbox: boolean }) {
  // The agent's payment reaches the shop through ifthenpay's callback: asked as the Multibanco screen asks.
  const paid = useReferencePaid(orderId, token);
  const { user } = useSession();
  const counter = new URLSearchParams({ reference: figures.reference, amount: amountDigits(figures.amount) });
  return (
    <>
      <Card className="shadow-sm">
        <Card.Body className="p-3 p-sm-4">
          <div className="text-center mb-4">
            <h1 className="h3">{title}</h1>
            <p className="text-secondary mb-0">{`Encomenda N.º ${orderId}`}</p>
          </div>
          <div aria-live="polite">
            {paid ?
              <Alert variant="success" className="mb-0">
                <p className="fw-semibold mb-1">
                  <BiCheckCircleFillIcon className="bi me-2" aria-hidden="true" />
                  Pagamento recebido!
                </p>
                <p className="mb-0">Obrigado. Enviámos a confirmação por email e vamos preparar a sua encomenda.</p>
              </Alert>
            : <>
                <p>Pague em numerário num agente Payshop ou numa estação dos CTT: indique a referência e o montante.</p>
                <PayshopDetails figures={figures} className="mb-3" />
                <p className="small text-secondary mb-0">Assim que recebermos o pagamento, enviamos a confirmação por email e preparamos a sua encomenda.</p>
              </>
            }
          </div>
          <div className="d-flex flex-column flex-sm-row justify-content-center gap-2 mt-4">
            <Link to={orderHref(orderId, token, Boolean(user))} className="btn btn-primary">
              Ver a encomenda
            </Link>
          </div>
        </Card.Body>
      </Card>
      {sandbox && !paid && (
        <Card className="mt-4 border-warning payment-sandbox">
          <Card.Body>
            <Badge bg="warning" text="dark" className="mb-2">
              Ambiente de testes
            </Badge>
            <p className="small mb-2">Esta referência é de teste: nenhum dinheiro é movimentado. Pode pagá-la num agente Payshop de testes.</p>
            <Link to={`${paths.sandboxPayshop}?${counter.toString()}`} className="btn btn-sm btn-outline-dark">
              Pagar no agente Payshop de testes
            </Link>
          </Card.Body>
        </Card>
      )}
    </>
  );
}

/** The order exists but its reference could not be issued: say so, and ask again for the same order. */
function StartFailed({ orderId, token, message }: { orderId: number; token: string | undefined; message: string }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const retry = useMutation({
    mutationFn: () => startPayshop(orderId, token),
    onSuccess: () => void navigate(`${paths.payshopPayment}?${paymentSearch(orderId, token)}`, { replace: true, state: {} }),
  });
  return (
    <>
      <h1 className="h2 mb-4">{title}</h1>
      <p className="mb-3">{`Encomenda N.º ${orderId}`}</p>
      <div aria-live="polite">
        <Alert variant="danger">
          <p className="mb-1">{retry.isError ? errorMessage(retry.error, paymentMessages.gatewayUnavailable) : message}</p>
          <p className="mb-0">A sua encomenda foi registada: peça de novo a referência para a pagar.</p>
        </Alert>
      </div>
      <div className="d-flex flex-wrap gap-2">
        <Button variant="primary" onClick={() => retry.mutate()} disabled={retry.isPending} aria-busy={retry.isPending || undefined}>
          Pedir a referência de novo
        </Button>
        <Link to={orderHref(orderId, token, Boolean(user))} className="btn btn-link">
          Ver a encomenda
        </Link>
      </div>
    </>
  );
}

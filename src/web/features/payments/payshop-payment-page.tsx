import './payments.css';
import { Link, useNavigate } from 'react-router';
import { paths } from '#shared/paths.ts';
import { useSession } from '../../session/session.tsx';
import { startPayshop } from './api.ts';
import { useReferencePaid } from './use-multibanco-paid.ts';
import { orderHref } from './payment-alternatives.tsx';
import { PayshopDetails, type PayshopFigures } from './other-ways.tsx';
import { ReferenceCard, ReferenceStartFailed } from './reference-screens.tsx';
import { amountDigits, paymentSearch } from './payment-format.ts';
import { type PaymentMeta, PaymentNotFound, PaymentRoute, type PaymentScreenProps, PaymentShell, type PaymentTexts, useNewestPayment } from './payment-screen.tsx';

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
    <ReferenceCard
      title={title}
      orderId={orderId}
      paid={paid}
      paidText="Obrigado. Enviámos a confirmação por email e vamos preparar a sua encomenda."
      actions={
        <div className="d-flex flex-column flex-sm-row justify-content-center gap-2 mt-4">
          <Link to={orderHref(orderId, token, Boolean(user))} className="btn btn-primary">
            Ver a encomenda
          </Link>
        </div>
      }
      sandbox={
        sandbox ?
          { text: 'Esta referência é de teste: nenhum dinheiro é movimentado. Pode pagá-la num agente Payshop de testes.', to: `${paths.sandboxPayshop}?${counter.toString()}`, label: 'Pagar no agente Payshop de testes' }
        : null
      }
    >
      <p>Pague em numerário num agente Payshop ou numa estação dos CTT: indique a referência e o montante.</p>
      <PayshopDetails figures={figures} className="mb-3" />
      <p className="small text-secondary mb-0">Assim que recebermos o pagamento, enviamos a confirmação por email e preparamos a sua encomenda.</p>
    </ReferenceCard>
  );
}

/** The order exists but its reference could not be issued: ask again, and show the new one. */
function StartFailed({ orderId, token, message }: { orderId: number; token: string | undefined; message: string }) {
  const navigate = useNavigate();
  const onStarted = () => void navigate(`${paths.payshopPayment}?${paymentSearch(orderId, token)}`, { replace: true, state: {} });
  return <ReferenceStartFailed title={title} orderId={orderId} token={token} message={message} start={() => startPayshop(orderId, token)} onStarted={onStarted} />;
}

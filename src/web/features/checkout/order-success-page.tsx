import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { Link, useLocation, useSearchParams } from 'react-router';
import { formatLongDate } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import { paymentMethodLabel } from '#shared/orders.ts';
import { type Order, order as orderSchema } from '#shared/schemas/orders.ts';
import { ApiError } from '../../api/client.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { paths } from '#shared/paths.ts';
import { ContinueShoppingLink } from '../../components/continue-shopping-link.tsx';
import { useSession } from '../../session/session.tsx';
import { paymentOrderQueryOptions } from '../payments/api.ts';
import { DigitalAccess, OrderPayment } from '../payments/order-payment.tsx';
import { OrderStatusBadge } from '../orders/order-ui.tsx';
import { hasDocuments, OrderDocuments } from '../orders/order-documents.tsx';
import BiCheckCircleFillIcon from '~icons/bi/check-circle-fill';
import BiEnvelopeIcon from '~icons/bi/envelope';
import BiHourglassSplitIcon from '~icons/bi/hourglass-split';
import BiXCircleIcon from '~icons/bi/x-circle';

const title = 'Encomenda confirmada';
const description = 'A confirmação da sua encomenda.';
const loadFailed = 'Não foi possível carregar os detalhes da encomenda.';
const notFound = 'Informação da encomenda não encontrada.';

/** The order passed along by the checkout, when the navigation state still holds a well-formed one. */
function orderFromState(state: unknown, id: string | null): Order | undefined {
  const parsed = orderSchema.safeParse((state as { order?: unknown } | null)?.order);
  if (!parsed.success) return undefined;
  return id === null || String(parsed.data.id) === id ? parsed.data : undefined;
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <Container className="py-4 py-md-5">
      <PageMeta title={title} description={description} />
      {children}
    </Container>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="d-flex flex-wrap justify-content-between gap-2 py-2 border-bottom">
      <dt className="fw-normal text-secondary">{label}</dt>
      <dd className="mb-0 fw-semibold text-end">{children}</dd>
    </div>
  );
}

/** /order-success (storefront.md §2): the order from the checkout, or fetched by the id (and a guest's token) in the address. */
export function OrderSuccessPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const { user } = useSession();
  const id = params.get('id');
  const token = params.get('token') ?? undefined;
  const validId = id !== null && /^[1-9]\d{0,9}$/.test(id);
  const passed = orderFromState(location.state, validId ? id : null);

  const fetched = useQuery({ ...paymentOrderQueryOptions(Number(id), token), enabled: !passed && validId });

  const order = passed ?? fetched.data;

  if (!order) {
    if (validId && fetched.isPending) {
      return (
        <Shell>
          <h1 className="visually-hidden">{title}</h1>
          <PageSpinner label="A carregar a encomenda..." />
        </Shell>
      );
    }
    const missing = !validId || (fetched.error instanceof ApiError && (fetched.error.status === 404 || fetched.error.status === 403));
    return (
      <Shell>
        <div className="text-center py-5">
          <h1 className="h3 mb-3">{missing ? notFound : loadFailed}</h1>
          {!missing && <p className="text-secondary">Verifique a ligação à internet e atualize a página.</p>}
          <Link to={paths.home} className="btn btn-primary">
            Voltar ao início
          </Link>
        </div>
      </Shell>
    );
  }

  const guest = order.user_id === null;
  const digital = order.orderItems.filter((item) => item.product.isDigital);
  return (
    <Shell>
      <Card className="shadow-sm mx-auto" style={{ maxWidth: '40rem' }}>
        <Card.Body className="p-3 p-sm-4">
          <OrderStateHeading order={order} />
          <dl className="mb-4">
            <Detail label="Número da encomenda">{`N.º ${order.id}`}</Detail>
            <Detail label="Data">{formatLongDate(order.order_date)}</Detail>
            <Detail label="Total">{formatEuros(order.total_price_with_tax)}</Detail>
            <Detail label="Método de pagamento">{paymentMethodLabel[order.payment_method]}</Detail>
          </dl>
          {order.status !== 'cancelled' && (
            <section className="mb-4" aria-labelledby="order-payment-title">
              <h2 id="order-payment-title" className="h5">
                Pagamento
              </h2>
              <OrderPayment order={order} token={token} />
            </section>
          )}
          {digital.length > 0 && (
            <section className="mb-4" aria-labelledby="order-digital-title">
              <h2 id="order-digital-title" className="h5">
                Produtos digitais
              </h2>
              <ul className="list-unstyled mb-0">
                {digital.map((item) => (
                  <li key={item.id} className="py-2 border-bottom">
                    <span className="fw-semibold">{item.product.name}</span>
                    <DigitalAccess item={item} order={order} />
                  </li>
                ))}
              </ul>
            </section>
          )}
          {hasDocuments(order) && (
            <section className="mb-4" aria-labelledby="order-documents-title">
              <h2 id="order-documents-title" className="h5">
                Faturas e reembolsos
              </h2>
              <OrderDocuments order={order} token={token} />
            </section>
          )}
          {guest && (
            <Alert variant="info" className="d-flex gap-2">
              <BiEnvelopeIcon className="bi" aria-hidden="true" />
              <span>
                Enviámos para <strong className="text-break">{order.email}</strong> um email com a confirmação e o link para
                acompanhar a encomenda.
              </span>
            </Alert>
          )}
          <div className="d-flex flex-column flex-sm-row justify-content-center gap-2">
            {user && (
              <Link to={paths.myOrders} className="btn btn-primary">
                Ver as minhas encomendas
              </Link>
            )}
            <ContinueShoppingLink />
          </div>
        </Card.Body>
      </Card>
    </Shell>
  );
}

/**
 * What the page says first follows the order: paid, thanks; unpaid, that it waits for the payment (the
 * Pagamento section below says how to pay); cancelled, that it is cancelled (and any refund due).
 */
function OrderStateHeading({ order }: { order: Order }) {
  if (order.status === 'cancelled') {
    return (
      <div className="text-center mb-4">
        <BiXCircleIcon className="bi text-danger display-4 d-block mb-3" aria-hidden="true" />
        <h1 className="h3">Encomenda cancelada</h1>
        <p className="text-secondary mb-0">
          {order.refund_due != null && !order.refunded_at ?
            `Vamos devolver-lhe ${formatEuros(order.refund_due - (order.refunded_total ?? 0))} pelo mesmo meio de pagamento e avisamos quando o reembolso estiver feito.`
          : 'Esta encomenda foi cancelada.'}
        </p>
      </div>
    );
  }
  if (!order.paid_at) {
    return (
      <div className="text-center mb-4">
        <BiHourglassSplitIcon className="bi text-warning-emphasis display-4 d-block mb-3" aria-hidden="true" />
        <h1 className="h3">Obrigado pela sua encomenda!</h1>
        <p className="mb-0">
          A aguardar pagamento <OrderStatusBadge status={order.status} className="ms-1" />
        </p>
      </div>
    );
  }
  return (
    <div className="text-center mb-4">
      <BiCheckCircleFillIcon className="bi text-success display-4 d-block mb-3" aria-hidden="true" />
      <h1 className="h3">Obrigado pela sua encomenda!</h1>
      <p className="text-secondary mb-0">A sua encomenda foi registada com sucesso.</p>
    </div>
  );
}

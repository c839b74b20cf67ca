import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { Link, useLocation, useSearchParams } from 'react-router';
import { type Order, order as orderSchema } from '#shared/schemas/orders.ts';
import { ApiError } from '../../api/client.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { paths } from '#shared/paths.ts';
import { ContinueShoppingLink } from '../../components/continue-shopping-link.tsx';
import { useSession } from '../../session/session.tsx';
import { paymentOrderQueryOptions } from '../payments/api.ts';
import { OrderStatusBadge } from '../orders/order-ui.tsx';
import { OrderStatusView } from '../orders/order-status-view.tsx';
import BiCheckCircleFillIcon from '~icons/bi/check-circle-fill';
import BiEnvelopeIcon from '~icons/bi/envelope';
import BiHourglassSplitIcon from '~icons/bi/hourglass-split';
import BiHouseCheckIcon from '~icons/bi/house-check';
import BiTruckIcon from '~icons/bi/truck';
import BiXCircleIcon from '~icons/bi/x-circle';

const title = 'Encomenda confirmada';
const description = 'A sua encomenda: onde está, o pagamento, os artigos e a morada.';
const loadFailed = 'Não foi possível carregar os detalhes da encomenda.';
const notFound = 'Informação da encomenda não encontrada.';

/** The order passed along by the checkout, when the navigation state still holds a well-formed one. */
function orderFromState(state: unknown, id: string | null): Order | undefined {
  const parsed = orderSchema.safeParse((state as { order?: unknown } | null)?.order);
  if (!parsed.success) return undefined;
  return id === null || String(parsed.data.id) === id ? parsed.data : undefined;
}

function Shell({ children, pageTitle = title }: { children: ReactNode; pageTitle?: string }) {
  return (
    <Container className="py-4 py-md-5">
      <PageMeta title={pageTitle} description={description} />
      {children}
    </Container>
  );
}

/**
 * /order-success (storefront.md §2): the order from the checkout, or fetched by the id (and a guest's token) in the
 * address. It is the page every e-mail links a guest to, so it is the order's status page (issue #25).
 */
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
  const heading = headingOf(order);
  return (
    <Shell pageTitle={heading.title.startsWith('Obrigado') ? title : heading.title}>
      <OrderStateHeading order={order} />
      {guest && (
        <Alert variant="info" className="d-flex gap-2 mx-auto mb-4" style={{ maxWidth: '40rem' }}>
          <BiEnvelopeIcon className="bi flex-shrink-0 mt-1" aria-hidden="true" />
          <span>
            Enviámos para <strong className="text-break">{order.email}</strong> um email com a confirmação e o link para
            acompanhar a encomenda.
          </span>
        </Alert>
      )}
      <OrderStatusView order={order} token={token} />
      <div className="d-flex flex-column flex-sm-row justify-content-center gap-2 mt-4">
        {user && (
          <Link to={paths.myOrders} className="btn btn-primary">
            Ver as minhas encomendas
          </Link>
        )}
        <ContinueShoppingLink />
      </div>
    </Shell>
  );
}

type Heading = { Icon: typeof BiCheckCircleFillIcon; tone: string; title: string; line: ReactNode };

/**
 * What the page says first follows where the order is (issue #25): unpaid, thanks and that it waits for the payment
 * (the Pagamento section says how to pay); paid, thanks and that it is being prepared; then shipped, delivered or
 * cancelled, never "Obrigado pela sua encomenda!" again once the parcel has left.
 */
function headingOf(order: Order): Heading {
  if (order.status === 'cancelled') return { Icon: BiXCircleIcon, tone: 'text-danger', title: 'Encomenda cancelada', line: 'Esta encomenda foi cancelada.' };
  if (order.status === 'delivered') return { Icon: BiHouseCheckIcon, tone: 'text-success', title: 'Encomenda entregue', line: 'A sua encomenda foi entregue. Obrigado pela preferência!' };
  if (order.status === 'shipped') return { Icon: BiTruckIcon, tone: 'text-primary', title: 'Encomenda enviada', line: 'A sua encomenda está a caminho.' };
  if (!order.paid_at) {
    return {
      Icon: BiHourglassSplitIcon,
      tone: 'text-warning-emphasis',
      title: 'Obrigado pela sua encomenda!',
      line: (
        <>
          A aguardar pagamento <OrderStatusBadge status={order.status} className="ms-1" />
        </>
      ),
    };
  }
  return { Icon: BiCheckCircleFillIcon, tone: 'text-success', title: 'Obrigado pela sua encomenda!', line: 'Pagamento recebido: estamos a preparar a sua encomenda.' };
}

function OrderStateHeading({ order }: { order: Order }) {
  const { Icon, tone, title: heading, line } = headingOf(order);
  return (
    <div className="text-center mb-4">
      <Icon className={`bi ${tone} display-4 d-block mx-auto mb-3`} aria-hidden="true" />
      <h1 className="h3">{heading}</h1>
      <p className="text-secondary mb-0">{line}</p>
    </div>
  );
}

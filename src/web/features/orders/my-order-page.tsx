import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useParams } from 'react-router';
import { cancellable } from '#shared/order-life.ts';
import { type Order, orderMessages } from '#shared/schemas/orders.ts';
import { ApiError, errorMessage } from '../../api/client.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { paths } from '#shared/paths.ts';
import { RequireUser } from '../../session/guards.tsx';
import { orderQueryOptions, useCancelOrder } from './api.ts';
import { orderNumber } from './order-ui.tsx';
import { OrderStatusView } from './order-status-view.tsx';
import BiArrowLeftIcon from '~icons/bi/arrow-left';
import { RetryAlert } from '../../components/retry-alert.tsx';

export const ORDER_LOAD_ERROR = 'Não foi possível carregar os detalhes da encomenda. Por favor tente novamente mais tarde.';
export const ORDER_CANCEL_ERROR = 'Não foi possível cancelar a encomenda. Por favor tente novamente mais tarde.';
export const CANCEL_CONFIRMATION = 'Tem a certeza que deseja cancelar esta encomenda?';

/** /minhas-encomendas/:id (storefront.md §2, §4): one of the customer's orders, with a cancel action when allowed. */
export function MyOrderPage() {
  return (
    <RequireUser>
      <MyOrderScreen />
    </RequireUser>
  );
}

function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
}

function MyOrderScreen() {
  const { id } = useParams();
  const orderId = parseId(id);
  if (orderId === null) {
    return (
      <Shell title="Encomenda não encontrada">
        <NotFound />
      </Shell>
    );
  }
  return <OrderDetail key={orderId} id={orderId} />;
}

function OrderDetail({ id }: { id: number }) {
  const order = useQuery(orderQueryOptions(id));
  const title = `Encomenda ${orderNumber(id)}`;

  // Data already shown stays shown if a background reload fails.
  if (order.data) {
    return (
      <Shell title={title}>
        <OrderView order={order.data} refreshing={order.isFetching} />
      </Shell>
    );
  }
  if (order.isError) {
    const missing = order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 403);
    return (
      <Shell title={missing ? 'Encomenda não encontrada' : title}>
        {missing ?
          <NotFound />
        : <RetryAlert message={ORDER_LOAD_ERROR} onRetry={() => void order.refetch()} retrying={order.isFetching} />
        }
      </Shell>
    );
  }
  return (
    <Shell title={title}>
      <PageSpinner label="A carregar a encomenda..." />
    </Shell>
  );
}

function NotFound() {
  return (
    <Alert variant="warning">
      <p>{orderMessages.orderNotFound}</p>
      <Link to={paths.myOrders} className="alert-link">
        Voltar às minhas encomendas
      </Link>
    </Alert>
  );
}

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container className="py-4 py-md-5">
      <PageMeta title={title} description="Detalhes de uma encomenda: estado, artigos, totais e morada de envio." />
      <meta name="robots" content="noindex" />
      <p className="mb-3">
        <Link to={paths.myOrders} className="link-secondary">
          <BiArrowLeftIcon className="bi me-1" aria-hidden="true" />
          Voltar às minhas encomendas
        </Link>
      </p>
      <h1 className="h2 mb-4">{title}</h1>
      {children}
    </Container>
  );
}

function OrderView({ order, refreshing }: { order: Order; refreshing: boolean }) {
  const cancel = useCancelOrder(order.id);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const feedbackRef = useRef<HTMLDivElement>(null);
  // The server says whether this customer may still cancel, and why not (a delivered digital product).
  const canCancel = order.cancellable ?? cancellable(order.status);
  const cancelBlock = !canCancel && cancellable(order.status) ? order.cancel_block_reason : null;

  // The cancel button is gone after a cancellation: the focus goes to the message that replaces it.
  useEffect(() => {
    if (notice || failure) feedbackRef.current?.focus();
  }, [notice, failure]);

  const confirmCancel = () => {
    setNotice(null);
    setFailure(null);
    cancel.mutate(undefined, {
      onSuccess: () => {
        setConfirmOpen(false);
        setNotice(orderMessages.cancelled);
      },
      onError: (err) => {
        setConfirmOpen(false);
        setFailure(errorMessage(err, ORDER_CANCEL_ERROR));
      },
    });
  };

  return (
    <>
      <div ref={feedbackRef} tabIndex={-1} style={{ outline: 'none' }}>
        {notice && (
          <Alert variant="success" dismissible onClose={() => setNotice(null)} closeLabel="Fechar">
            {notice}
          </Alert>
        )}
        {failure && (
          <Alert variant="danger" dismissible onClose={() => setFailure(null)} closeLabel="Fechar">
            {failure}
          </Alert>
        )}
      </div>

      <OrderStatusView
        order={order}
        refreshing={refreshing}
        actions={
          <>
            {canCancel && (
              <div className="mt-3 pt-3 border-top">
                <Button
                  variant="outline-danger"
                  onClick={() => {
                    cancel.reset();
                    setFailure(null);
                    setConfirmOpen(true);
                  }}
                >
                  Cancelar encomenda
                </Button>
                <p className="small text-secondary mt-2 mb-0">Pode cancelar enquanto a encomenda não for enviada.</p>
              </div>
            )}
            {cancelBlock && <p className="small text-secondary mt-3 pt-3 border-top mb-0">{cancelBlock}</p>}
          </>
        }
      />

      <Modal
        show={confirmOpen}
        onHide={() => !cancel.isPending && setConfirmOpen(false)}
        backdrop={cancel.isPending ? 'static' : true}
        keyboard={!cancel.isPending}
        centered
        aria-labelledby="cancel-order-title"
      >
        <Modal.Header closeButton={!cancel.isPending} closeLabel="Fechar">
          <Modal.Title as="h2" id="cancel-order-title" className="h5">
            Cancelar encomenda
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-0">{CANCEL_CONFIRMATION}</p>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => setConfirmOpen(false)} disabled={cancel.isPending}>
            Não
          </Button>
          <Button variant="danger" onClick={confirmCancel} disabled={cancel.isPending}>
            {cancel.isPending && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
            Sim, cancelar
            {cancel.isPending && <span className="visually-hidden"> (a cancelar...)</span>}
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}

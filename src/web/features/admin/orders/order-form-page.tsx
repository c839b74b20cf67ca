import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { orderMessages } from '#shared/schemas/orders.ts';
import { ApiError } from '../../../api/client.ts';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { RequireAdmin } from '../../../session/guards.tsx';
import { orderNumber } from '../../orders/order-ui.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { recordIdFrom } from '../query-state.tsx';
import { AdminFormShell, RecordNotFound } from '../record-form-page.tsx';
import { usersQueryOptions } from '../users/api.ts';
import { orderQueryOptions } from './api.ts';
import { OrderForm } from './order-form.tsx';
import { OrderPaymentsPanel } from './order-payments-panel.tsx';
import { OrderRefundsPanel } from './order-refunds-panel.tsx';
import { adminListHref } from '../admin-tabs.ts';

/** /admin-dashboard/create-order and /admin-dashboard/edit-order/:id (backoffice.md §2). */
export function OrderFormPage() {
  return (
    <RequireAdmin>
      <OrderFormScreen />
    </RequireAdmin>
  );
}

function OrderFormScreen() {
  const { id } = useParams();
  if (id === undefined) return <CreateOrder />;
  const orderId = recordIdFrom(id);
  if (orderId === null) {
    return (
      <Shell title="Editar encomenda">
        <NotFound />
      </Shell>
    );
  }
  return <EditOrder id={orderId} />;
}

function CreateOrder() {
  // The Cliente select needs its options before the form sets its value.
  const users = useQuery(usersQueryOptions());
  return (
    <Shell title="Nova encomenda">
      {users.isPending ?
        <PageSpinner label="A carregar clientes..." />
      : users.isError ?
        <RetryAlert message="Erro ao carregar utilizadores." onRetry={() => void users.refetch()} retrying={users.isFetching} />
      : <OrderForm users={users.data} />}
    </Shell>
  );
}

function EditOrder({ id }: { id: number }) {
  const order = useQuery(orderQueryOptions(id));
  const users = useQuery(usersQueryOptions());
  const title = `Editar encomenda ${orderNumber(id)}`;
  if (order.isError) {
    return (
      <Shell title={title}>
        {order.error instanceof ApiError && order.error.status === 404 ?
          <NotFound />
        : <RetryAlert message="Erro ao carregar encomendas." onRetry={() => void order.refetch()} retrying={order.isFetching} />}
      </Shell>
    );
  }
  if (users.isError) {
    return (
      <Shell title={title}>
        <RetryAlert message="Erro ao carregar utilizadores." onRetry={() => void users.refetch()} retrying={users.isFetching} />
      </Shell>
    );
  }
  if (order.isPending || users.isPending) {
    return (
      <Shell title={title}>
        <PageSpinner label="A carregar encomenda..." />
      </Shell>
    );
  }
  return (
    <Shell title={title}>
      {/* A fresh form per order, so its default values are this order's. */}
      <OrderForm key={order.data.id} order={order.data} users={users.data} />
      <OrderPaymentsPanel order={order.data} />
      <OrderRefundsPanel order={order.data} />
    </Shell>
  );
}

function NotFound() {
  return <RecordNotFound message={orderMessages.orderNotFound} listHref={adminListHref('orders')} listLabel="Voltar à lista de encomendas" />;
}

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AdminFormShell title={title} description="Criar ou editar uma encomenda: cliente, pagamento, envio, estado e produtos." width="52rem">
      {children}
    </AdminFormShell>
  );
}

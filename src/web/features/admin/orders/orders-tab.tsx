import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useLocation } from 'react-router';
import { ORDER_STATUSES, type OrderStatus, orderStatusLabel } from '#shared/orders.ts';
import { type Order, orderMessages } from '#shared/schemas/orders.ts';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { paths } from '#shared/paths.ts';
import { NoticeAlert, noticeFrom } from '../notice-alert.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { ADMIN_ORDERS_PAGE_SIZE, ordersQueryOptions, useDeleteOrder } from './api.ts';
import { OrderExport } from '../exports/exports.tsx';
import { OrdersTable } from './orders-table.tsx';
import { PaymentAlerts } from './payment-alerts.tsx';
import { InvoiceAlerts } from './invoice-alerts.tsx';
import { RefundAlerts } from './refund-alerts.tsx';
import { UnpaidHolds } from './unpaid-holds.tsx';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { PagedList } from '../paged-list.tsx';
import { TabToolbar } from '../tab-toolbar.tsx';
import { useTabDelete } from '../use-tab-delete.ts';
import { pastLastPage, useListParams } from '../../../components/use-list-params.ts';
import { orderNumber } from '../../orders/order-ui.tsx';
import BiPlusLgIcon from '~icons/bi/plus-lg';
import { LabelOptions } from '../../../components/form/label-options.tsx';


const isStatus = (value: string | null): value is OrderStatus => (ORDER_STATUSES as readonly (string | null)[]).includes(value);

/**
 * The Encomendas tab of the admin dashboard (backoffice.md §2, §8): filtered by status and paged on the server.
 * Filter and page live in the address (beside ?tab=), so Back from the order form returns to the same list.
 */
export function OrdersTab() {
  const location = useLocation();
  const { params, page, set, setPage } = useListParams();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const orders = useQuery(ordersQueryOptions({ status, page }));
  const remove = useDeleteOrder();
  // A save on the form page comes back here with its message.
  const [notice, setNotice] = useState<string | null>(() => noticeFrom(location.state));
  const filterId = useId();

  const setStatus = (value: string) => set({ status: isStatus(value) ? value : undefined });

  const confirm = useTabDelete<Order, number>(remove, {
    failed: 'Erro ao eliminar encomenda.',
    deleted: orderMessages.deleted,
    setNotice,
    paged: { rows: orders.data?.orders.length, page, setPage },
  });

  const data = orders.data;
  const pastEnd = pastLastPage(page, data && { placeholder: orders.isPlaceholderData, rows: data.orders.length, total: data.pagination.total });
  const lastPage = data?.pagination.totalPages ?? 1;
  useEffect(() => {
    if (pastEnd) set({ page: lastPage > 1 ? String(lastPage) : undefined }, { replace: true });
  }, [pastEnd, lastPage, set]);

  const total = data?.pagination.total ?? 0;
  const pages = Math.max(1, data?.pagination.totalPages ?? 1);
  const shownPage = data?.pagination.page ?? page;
  const first = (shownPage - 1) * ADMIN_ORDERS_PAGE_SIZE + 1;
  const last = Math.min(total, shownPage * ADMIN_ORDERS_PAGE_SIZE);
  const updating = orders.isFetching && orders.isPlaceholderData;
  const filterWords = status ? ` com o estado «${orderStatusLabel[status]}»` : '';

  return (
    <section aria-label="Encomendas">
      <TabToolbar to={paths.adminCreateOrder} label="Nova encomenda" icon={<BiPlusLgIcon className="bi me-2" aria-hidden="true" />}>
        <Form.Group controlId={filterId} style={{ maxWidth: '16rem' }}>
          <Form.Label>Estado</Form.Label>
          <Form.Select value={status ?? ''} onChange={(e) => setStatus(e.target.value)}>
            <option value="">Todos</option>
            <LabelOptions values={ORDER_STATUSES} labels={orderStatusLabel} />
          </Form.Select>
        </Form.Group>
      </TabToolbar>

      <OrderExport />
      <PaymentAlerts />
      <RefundAlerts />
      <InvoiceAlerts />
      <UnpaidHolds />

      <NoticeAlert notice={notice} onClose={() => setNotice(null)} />

      {orders.isPending ?
        <PageSpinner label="A carregar encomendas..." />
      : orders.isError || !data ?
        <RetryAlert message="Erro ao carregar encomendas." onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
      : <PagedList
          summary={
            total === 0 ?
              status ?
                `Nenhuma encomenda${filterWords}.`
              : 'Ainda não existem encomendas.'
            : total <= ADMIN_ORDERS_PAGE_SIZE ?
              `${total} ${total === 1 ? 'encomenda' : 'encomendas'}${filterWords}`
            : `${first}–${last} de ${total} encomendas${filterWords}`
          }
          updating={updating}
          page={shownPage}
          pages={pages}
          onPage={setPage}
          pagesLabel="Páginas de encomendas"
        >
          {data.orders.length > 0 && <OrdersTable orders={data.orders} onDelete={confirm.ask} onStep={setNotice} />}
        </PagedList>
      }

      <ConfirmDeleteModal {...confirm.modal} title="Eliminar encomenda" question={
          <>
            Tem a certeza que deseja eliminar a encomenda <strong>{confirm.target ? orderNumber(confirm.target.id) : ''}</strong> de{' '}
            <strong>{confirm.target?.email}</strong>? Esta ação não pode ser desfeita.
          </>
        } />
    </section>
  );
}

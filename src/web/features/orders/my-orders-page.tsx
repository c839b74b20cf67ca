import './orders.css';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Table from 'react-bootstrap/Table';
import { Link, Navigate } from 'react-router';
import { formatDate } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { ACTIONS_COLUMN, TableHead } from '../../components/table-head.tsx';
import { paths } from '#shared/paths.ts';
import { RequireUser } from '../../session/guards.tsx';
import { myOrdersQueryOptions } from './api.ts';
import { PaginationNav } from '../../components/pagination-nav.tsx';
import { pastLastPage, useListParams } from '../../components/use-list-params.ts';
import { orderNumber, OrderStatusBadge } from './order-ui.tsx';

export const MY_ORDERS_LOAD_ERROR = 'Não foi possível carregar as tuas encomendas. Por favor tenta novamente mais tarde.';
export const MY_ORDERS_EMPTY = 'Ainda não fez nenhuma encomenda.';

/** /minhas-encomendas (storefront.md §2): the signed-in customer's orders, newest first, paged on the server. */
export function MyOrdersPage() {
  return (
    <RequireUser>
      <MyOrders />
    </RequireUser>
  );
}

function MyOrders() {
  const { page, searchFor } = useListParams();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const orders = useQuery(myOrdersQueryOptions(page));

  // After choosing a page, the reader continues from the top of the list.
  const onPageNavigate = () => {
    const heading = headingRef.current;
    heading?.focus({ preventScroll: true });
    heading?.scrollIntoView?.({ block: 'start' });
  };

  const data = orders.data;
  const busy = orders.isPlaceholderData && orders.isFetching;
  let body: ReactNode;
  if (orders.isPending) {
    body = <PageSpinner label="A carregar encomendas..." />;
  } else if (orders.isError || !data) {
    body = (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <span>{MY_ORDERS_LOAD_ERROR}</span>
        <Button variant="outline-danger" size="sm" onClick={() => void orders.refetch()} disabled={orders.isFetching}>
          Tentar novamente
        </Button>
      </Alert>
    );
  } else if (pastLastPage(page, { placeholder: orders.isPlaceholderData, rows: data.orders.length, total: data.pagination.total })) {
    body = <Navigate to={{ search: searchFor(Math.max(1, data.pagination.totalPages)) }} replace />;
  } else if (data.orders.length === 0) {
    body = (
      <div className="text-center py-4">
        <p className="lead">{MY_ORDERS_EMPTY}</p>
        <Link to={paths.products} className="btn btn-primary">
          Ver produtos
        </Link>
      </div>
    );
  } else {
    // While the next page loads, the words describe the page on screen.
    const { total, totalPages, page: shown } = data.pagination;
    body = (
      <>
        <p className="text-secondary small" aria-live="polite">
          {total === 1 ? '1 encomenda' : `${total} encomendas`}
          {totalPages > 1 && ` · página ${shown} de ${totalPages}`}
        </p>
        <div className={busy ? 'orders-list-busy' : undefined} aria-busy={busy || undefined}>
          <OrdersTable orders={data.orders} />
        </div>
        {totalPages > 1 && <PaginationNav page={page} totalPages={totalPages} searchFor={searchFor} onNavigate={onPageNavigate} />}
      </>
    );
  }

  return (
    <Container className="py-4 py-md-5">
      <PageMeta title="As minhas encomendas" description="As suas encomendas na loja: estado, data, total e detalhes de cada uma." />
      <meta name="robots" content="noindex" />
      <h1 ref={headingRef} tabIndex={-1} className="orders-heading h2 mb-4">
        As minhas encomendas
      </h1>
      {body}
    </Container>
  );
}

function OrdersTable({ orders }: { orders: readonly Order[] }) {
  return (
    <Table hover className="orders-stack align-middle">
      <caption className="visually-hidden">As minhas encomendas, das mais recentes para as mais antigas</caption>
      <TableHead columns={['Encomenda', 'Data', 'Estado', { label: 'Total', className: 'text-sm-end' }, ACTIONS_COLUMN]} />
      <tbody>
        {orders.map((order) => (
          <tr key={order.id}>
            <th scope="row" data-label="Encomenda" className="text-nowrap">
              N.º {order.id}
            </th>
            <td data-label="Data">
              <time dateTime={order.order_date}>{formatDate(order.order_date)}</time>
            </td>
            <td data-label="Estado">
              <OrderStatusBadge status={order.status} />
            </td>
            <td data-label="Total" className="text-sm-end text-nowrap">
              {formatEuros(order.total_price_with_tax)}
            </td>
            <td className="orders-stack-action text-sm-end">
              <Link
                to={paths.myOrder(order.id)}
                className="btn btn-sm btn-outline-primary text-nowrap"
                aria-label={`Ver detalhes da encomenda ${orderNumber(order.id)}`}
              >
                Ver detalhes
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderPage } from '#shared/schemas/orders.ts';
import { api, ApiError } from '../../api/client.ts';
import { queryRoots } from '../../api/query-keys.ts';

// The customer's own orders (storefront.md §7): GET /order/myorders, GET /order/:id, PUT /order/:id/cancel.
// The server answers only the owner's orders (another customer's is a 404).

/** ARCHITECTURE.md: real server-side paging of /minhas-encomendas, 10 a page. */
export const MY_ORDERS_PAGE_SIZE = 10;

/** Customer order keys under the orders' root, so one invalidation refreshes the list and the details. */
export const orderKeys = {
  mine: (page: number) => [...queryRoots.orders, 'mine', page] as const,
  detail: (id: number) => [...queryRoots.orders, 'detail', id] as const,
};

export const fetchMyOrders = (page: number, signal?: AbortSignal) =>
  api.get<OrderPage>('/order/myorders', { query: { page, pageSize: MY_ORDERS_PAGE_SIZE }, signal });

export const myOrdersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: orderKeys.mine(page),
    queryFn: ({ signal }) => fetchMyOrders(page, signal),
    // The list stays in place while the next page loads.
    placeholderData: keepPreviousData,
  });

export const fetchOrder = (id: number, signal?: AbortSignal) => api.get<Order>(`/order/${id}`, { signal });

export const orderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => fetchOrder(id, signal),
  });

export const cancelOrder = (id: number) => api.put<Order>(`/order/${id}/cancel`);

/**
 * Cancels an order, then reloads it (storefront.md §4) and the order list. A 409 (no longer cancellable)
 * also reloads it: its status changed meanwhile, and the cancel button must go.
 */
export function useCancelOrder(id: number) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) }),
      queryClient.invalidateQueries({ queryKey: [...queryRoots.orders, 'mine'] }),
    ]);
  return useMutation({
    mutationFn: () => cancelOrder(id),
    onSuccess: async () => {
      // Product queries show stock, which a cancellation gives back.
      void queryClient.invalidateQueries({ queryKey: queryRoots.catalog });
      await refresh();
    },
    onError: (err) => {
      if (err instanceof ApiError && (err.status === 409 || err.status === 404)) void refresh();
    },
  });
}

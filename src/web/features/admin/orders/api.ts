import { hashKey, keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ManualPaymentMethod, OrderStatus } from '#shared/orders.ts';
import type { ProductList } from '#shared/schemas/catalog.ts';
import type { Order, OrderPage, RefundDue } from '#shared/schemas/orders.ts';
import type { IssuedElsewhereBody, PendingDocuments, ResolveRefundBody } from '#shared/schemas/invoicing.ts';
import type { PaymentAlert } from '#shared/schemas/payments.ts';
import type { ReleaseHoldsAnswer, UnpaidHoldList } from '#shared/schemas/unpaid-holds.ts';
import { api, ApiError } from '../../../api/client.ts';
import { queryRoots } from '../../../api/query-keys.ts';

// Admin orders API (backoffice.md §7): GET /order, GET/PUT/DELETE /order/:id, POST /order/createOrder. The server
// checks isAdmin, prices the items, computes shipping and moves stock.

/** Admin order queries live under the orders' root, with the customer's own: one invalidation refreshes both. */
export const ordersQueryKey = [...queryRoots.orders, 'admin'] as const;
export const orderQueryKey = (id: number) => [...ordersQueryKey, 'detail', id] as const;

export const ADMIN_ORDERS_PAGE_SIZE = 20;
export type OrderListParams = { status: OrderStatus | undefined; page: number };

export const getOrders = ({ status, page }: OrderListParams, signal?: AbortSignal) =>
  api.get<OrderPage>('/order', { query: { status, page, pageSize: ADMIN_ORDERS_PAGE_SIZE }, signal });
export const ordersQueryOptions = (params: OrderListParams) =>
  queryOptions({
    queryKey: [...ordersQueryKey, 'list', params] as const,
    queryFn: ({ signal }) => getOrders(params, signal),
    // The table stays in place (not a spinner) while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export const getOrder = (id: number, signal?: AbortSignal) => api.get<Order>(`/order/${id}`, { signal });
export const orderQueryOptions = (id: number) =>
  queryOptions({ queryKey: orderQueryKey(id), queryFn: ({ signal }) => getOrder(id, signal) });

/** The products the form can add: by name, up to 100, searched on the server. */
export const ORDER_PRODUCTS_PAGE_SIZE = 100;
export const getOrderProducts = (q: string, signal?: AbortSignal) =>
  api.get<ProductList>('/product', { query: { sortBy: 'name', order: 'asc', pageSize: ORDER_PRODUCTS_PAGE_SIZE, q: q || undefined }, signal });
export const orderProductsQueryOptions = (q: string) =>
  queryOptions({
    // Under the catalogue's root: saved or deleted products refresh it too.
    queryKey: [...queryRoots.catalog, 'order-form', q] as const,
    queryFn: ({ signal }) => getOrderProducts(q, signal),
    placeholderData: keepPreviousData,
  });

/** The body of the admin order form (adminOrderBody). */
export type AdminOrderPayload = {
  /** Null keeps a guest's order a guest's. */
  user_id: number | null;
  payment_method: string;
  shipping_address: string;
  phone: string;
  status: string;
  items: { product_id: number; variant_id?: number; quantity: number }[];
  /** The parcel (decision 0046): null clears it. */
  tracking_carrier?: string | null;
  tracking_number?: string | null;
};

export const createOrder = (body: AdminOrderPayload) => api.post<Order>('/order/createOrder', body);
export const updateOrder = (id: number, body: AdminOrderPayload) => api.put<Order>(`/order/${id}`, body);
export const deleteOrder = (id: number) => api.delete<{ message: string }>(`/order/${id}`);

/**
 * After a write: the admin lists, the customers' own order screens and every product query (stock moves
 * with an order's items and with cancellations) are stale.
 */
function useRefreshOrders() {
  const queryClient = useQueryClient();
  return (keep?: number) =>
    Promise.all([
      queryClient.invalidateQueries({
        queryKey: queryRoots.orders,
        predicate: (query) => keep === undefined || query.queryHash !== hashKey(orderQueryKey(keep)),
      }),
      queryClient.invalidateQueries({ queryKey: queryRoots.catalog }),
    ]);
}

/** Creates (no id) or updates (id) an order. */
export function useSaveOrder(id: number | undefined) {
  const queryClient = useQueryClient();
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (body: AdminOrderPayload) => (id === undefined ? createOrder(body) : updateOrder(id, body)),
    onSuccess: async (order) => {
      queryClient.setQueryData(orderQueryKey(order.id), order);
      await refresh(order.id);
    },
  });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: orderQueryKey(id) });
      return refresh();
    },
    // Someone else deleted it first: the list is out of date, refresh it under the message.
    onError: (err) => {
      if (err instanceof ApiError && err.status === 404) void refresh();
    },
  });
}

/** The list's one step: the order's next status. */
export function useStepStatus() {
  const queryClient = useQueryClient();
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; status: OrderStatus; tracking_carrier?: string | null; tracking_number?: string | null }) =>
      api.patch<Order>(`/order/${id}/status`, body),
    onSuccess: async (order) => {
      queryClient.setQueryData(orderQueryKey(order.id), order);
      await refresh(order.id);
    },
  });
}

/** "Marcar como paga": a payment received outside the gateway. */
export type MarkPaidPayload = { method: ManualPaymentMethod; note?: string };

export function useMarkPaid(id: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (body: MarkPaidPayload) => api.post<Order>(`/order/${id}/mark-paid`, body),
    onSuccess: async (order) => {
      queryClient.setQueryData(orderQueryKey(order.id), order);
      await refresh(order.id);
    },
  });
}

/** Cancelled paid orders whose money the owner still owes: on top of the orders tab until she marks them refunded. */
const refundsKey = [...queryRoots.orders, 'admin', 'refunds'] as const;
export const refundsQueryOptions = queryOptions({
  queryKey: refundsKey,
  queryFn: async ({ signal }) => (await api.get<{ refunds: RefundDue[] }>('/order/refunds', { signal })).refunds,
});

/** The owner's refund, as refundBody takes it: lines and shipping given back, and how. */
export type RefundPayload = {
  method: 'mbway' | 'transfer';
  lines: { item_id: number; quantity: number }[];
  shipping: boolean;
  iban?: string;
  transferred_on?: string;
  note?: string;
};

export function useRefund(id: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (body: RefundPayload) => api.post<Order>(`/order/${id}/refund`, body),
    onSuccess: async (order) => {
      queryClient.setQueryData(orderQueryKey(order.id), order);
      await Promise.all([refresh(order.id), queryClient.invalidateQueries({ queryKey: pendingDocumentsKey })]);
    },
  });
}

/**
 * An MB WAY refund left waiting on ifthenpay: the owner says what its back office shows (the money went back,
 * or it did not).
 */
export function useResolveRefund(id: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: ({ refundId, outcome }: { refundId: number } & ResolveRefundBody) => api.post<Order>(`/order/${id}/refunds/${refundId}/resolve`, { outcome }),
    onSuccess: async (order) => {
      queryClient.setQueryData(orderQueryKey(order.id), order);
      await Promise.all([refresh(order.id), queryClient.invalidateQueries({ queryKey: pendingDocumentsKey })]);
    },
  });
}

/** "Faturas por emitir": paid orders without their invoice, refunds without their credit note. */
const pendingDocumentsKey = [...queryRoots.orders, 'admin', 'pending-documents'] as const;
export const pendingDocumentsQueryOptions = queryOptions({
  queryKey: pendingDocumentsKey,
  queryFn: ({ signal }) => api.get<PendingDocuments>('/invoice/pending', { signal }),
});

/** What the refund dialog says of the credit note: issued by the provider, or by the owner herself (INVOICING=none). */
export function useCreditNoteWords() {
  const provider = useQuery(pendingDocumentsQueryOptions).data?.provider;
  if (provider === undefined) return '';
  return provider === 'none' ?
      'Nenhum serviço de faturação está configurado: emita a nota de crédito no seu programa e envie-a ao cliente.'
    : 'A nota de crédito é emitida contra a fatura.';
}

/** "Tentar de novo" on a document the provider failed to issue. */
export function useRetryDocument() {
  const refresh = useRefreshOrders();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, refundId }: { orderId: number; refundId: number | null }) =>
      api.post<{ message: string }>(refundId === null ? `/order/${orderId}/invoice/retry` : `/order/${orderId}/refunds/${refundId}/credit-note/retry`, {}),
    onSuccess: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: pendingDocumentsKey })]),
  });
}

/** "Marcar como emitida": the number of the invoice the owner issued in her own program (no provider). */
export function useMarkInvoiceIssued(orderId: number) {
  const refresh = useRefreshOrders();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IssuedElsewhereBody) => api.post<{ message: string }>(`/order/${orderId}/invoice/issued`, body),
    onSuccess: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: pendingDocumentsKey })]),
  });
}

/**
 * Money the gateway confirmed but no order could take: listed on top of the orders tab until the admin marks
 * it resolved.
 */
const paymentAlertsKey = [...queryRoots.orders, 'admin', 'payment-alerts'] as const;
export const paymentAlertsQueryOptions = queryOptions({
  queryKey: paymentAlertsKey,
  queryFn: ({ signal }) => api.get<PaymentAlert[]>('/payment/alerts', { signal }),
});

export function useResolvePaymentAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.put<null>(`/payment/alerts/${id}/resolve`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentAlertsKey }),
  });
}

/** "Encomendas por pagar que reservam stock" (#26): the unpaid orders holding stock, soonest to expire first. */
const unpaidHoldsKey = [...queryRoots.orders, 'admin', 'unpaid-holds'] as const;
export const unpaidHoldsQueryOptions = queryOptions({
  queryKey: unpaidHoldsKey,
  queryFn: async ({ signal }) => (await api.get<UnpaidHoldList>('/order/unpaid-holds', { signal })).orders,
});

/** "Libertar stock": the chosen unpaid orders are cancelled and their stock given back. */
export function useReleaseHolds() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (orderIds: number[]) => api.post<ReleaseHoldsAnswer>('/order/unpaid-holds/release', { order_ids: orderIds }),
    onSettled: () => refresh(),
  });
}

import { queryOptions } from '@tanstack/react-query';
import type {
  CardAnswer,
  MbwayStatus,
  MultibancoAnswer,
  MbwayAnswer,
  OrderPaymentsAnswer,
  PaymentInfo,
  PaymentMethodsAnswer,
  PayshopAnswer,
  SandboxCardAnswer,
  SandboxMbwayRequest,
} from '#shared/schemas/payments.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { api } from '../../api/client.ts';

// The payment calls (storefront.md §7, backoffice.md §7; the contract in src/shared/schemas/payments.ts).
// A guest proves an order is theirs with the token the checkout gave them, on every call.

export const paymentKeys = {
  all: ['payments'] as const,
  order: (orderId: number, token: string | undefined) => ['payments', 'order', orderId, token ?? null] as const,
  sandboxMbway: (requestId: string) => ['payments', 'sandbox', 'mbway', requestId] as const,
};

export const startMultibanco = (orderId: number, token: string | undefined) =>
  api.post<MultibancoAnswer>('/payment/multibanco', { order_id: orderId, token });

/** A card page for the order (issue #27): the customer is then sent to `paymentUrl`. */
export const startCard = (orderId: number, token: string | undefined) => api.post<CardAnswer>('/payment/card', { orderId, token });

/** The order's Payshop reference (the same one while it lasts). */
export const startPayshop = (orderId: number, token: string | undefined) => api.post<PayshopAnswer>('/payment/payshop', { orderId, token });

/** The ways to pay the shop offers, in the owner's order: the checkout's list and the order page's other ways. */
export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: [...paymentKeys.all, 'methods'] as const,
    queryFn: ({ signal }) => api.get<PaymentMethodsAnswer>('/payment/methods', { signal }),
    staleTime: 5 * 60_000,
  });

/** Sends the browser to the gateway's card page (another site, or the sandbox's page of the shop). */
export const goToCardPage = (paymentUrl: string) => window.location.assign(paymentUrl);

export type MbwayRequest = { orderId: number; amount: number; phone: string; email: string; token: string | undefined };

export const startMbway = ({ orderId, amount, phone, email, token }: MbwayRequest) =>
  api.post<MbwayAnswer>('/payment/mbway', { order_id: orderId, amount, phone_number: phone, email, token });

export const fetchMbwayStatus = (orderId: number, token: string | undefined, signal?: AbortSignal) =>
  api.get<{ status: MbwayStatus }>(`/payment/mbway/status/${orderId}`, { query: { token }, signal });
/** `round`: each screen, and each recheck after an error, is a query of its own. */
export const mbwayStatusQueryOptions = (orderId: number, token: string | undefined, round: string) =>
  queryOptions({
    queryKey: [...paymentKeys.all, 'mbway-status', orderId, token ?? null, round] as const,
    queryFn: ({ signal }) => fetchMbwayStatus(orderId, token, signal),
  });

export const fetchOrderPayments = (orderId: number, token: string | undefined, signal?: AbortSignal) =>
  api.get<OrderPaymentsAnswer>(`/payment/order/${orderId}`, { query: { token }, signal });

export const orderPaymentsQueryOptions = (orderId: number, token: string | undefined) =>
  queryOptions({
    queryKey: paymentKeys.order(orderId, token),
    queryFn: ({ signal }) => fetchOrderPayments(orderId, token, signal),
  });

/**
 * The Multibanco screen's watch on its order's payments (issue #25): a query of its own, first asked one interval
 * after the screen opens (it shows the reference it was given), then every MULTIBANCO_POLL_MS until one is paid.
 */
export const multibancoWatchQueryOptions = (orderId: number, token: string | undefined) =>
  queryOptions({
    queryKey: [...paymentKeys.all, 'multibanco-watch', orderId, token ?? null] as const,
    queryFn: ({ signal }) => fetchOrderPayments(orderId, token, signal),
  });

/** The order a payment screen was opened for, when the navigation state did not bring it. */
export const paymentOrderQueryOptions = (orderId: number, token: string | undefined) =>
  queryOptions({
    queryKey: [...paymentKeys.all, 'order-of', orderId, token ?? null] as const,
    queryFn: ({ signal }) => api.get<Order>(`/order/${orderId}`, { query: { token }, signal }),
  });

/** The newest attempt of a method (the answer lists them newest first). */
export const newestPayment = (payments: readonly PaymentInfo[], method: PaymentInfo['method']) => payments.find((p) => p.method === method);

// Sandbox only: the test "phone" and the test "ATM". In production these answer 404.

export const fetchSandboxMbway = (requestId: string, signal?: AbortSignal) =>
  api.get<SandboxMbwayRequest>(`/payment/sandbox/mbway/${encodeURIComponent(requestId)}`, { signal });

export const decideSandboxMbway = (requestId: string, accept: boolean) =>
  api.post<SandboxMbwayRequest>(`/payment/sandbox/mbway/${encodeURIComponent(requestId)}`, { accept });

export const paySandboxMultibanco = (body: { entity: string; reference: string; amount: number }) =>
  api.post<{ message: string }>('/payment/sandbox/multibanco', body);

export const fetchSandboxCard = (requestId: string, signal?: AbortSignal) =>
  api.get<SandboxCardAnswer>(`/payment/sandbox/card/${encodeURIComponent(requestId)}`, { signal });

export const decideSandboxCard = (requestId: string, action: 'accept' | 'refuse' | 'cancel') =>
  api.post<SandboxCardAnswer>(`/payment/sandbox/card/${encodeURIComponent(requestId)}`, { action });

export const paySandboxPayshop = (body: { reference: string; amount: number }) => api.post<{ message: string }>('/payment/sandbox/payshop', body);

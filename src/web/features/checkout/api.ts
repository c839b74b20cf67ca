import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { CUSTOMER_PAYMENT_METHODS } from '#shared/orders.ts';
import type { Order, OrderBody } from '#shared/schemas/orders.ts';
import { paymentMessages } from '#shared/schemas/payments.ts';
import { api, errorMessage } from '../../api/client.ts';
import { paths } from '#shared/paths.ts';
import { addressesKey } from '../account/api.ts';
import { startMbway, startMultibanco } from '../payments/api.ts';
import { paymentSearch } from '../payments/payment-format.ts';
import type { PaymentScreenState } from '../payments/payment-state.ts';

// Checkout (storefront.md §4): POST /order with the totals the customer confirmed, then its payment.

/** The key makes a retried request (same body) place one order, never two. */
export const placeOrder = (body: OrderBody, idempotencyKey: string) =>
  api.post<Order>('/order', body, { headers: { 'Idempotency-Key': idempotencyKey } });

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: OrderBody; idempotencyKey: string }) => placeOrder(body, idempotencyKey),
    // A signed-in customer's address book now holds this order's address.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesKey }),
  });
}

/**
 * storefront.md §4: the order exists, now its payment, then the matching screen. A payment that cannot start
 * does not lose the order: its screen says so and asks again for the same order (never a second order).
 */
export function useStartPayment() {
  const navigate = useNavigate();
  return async (order: Order, method: (typeof CUSTOMER_PAYMENT_METHODS)[number], mbwayPhone: string) => {
    const token = order.accessToken;
    const state: PaymentScreenState = { order };
    try {
      if (method === 'mbway') {
        state.mbway = await startMbway({ orderId: order.id, amount: order.total_price_with_tax, phone: mbwayPhone, email: order.email, token });
      } else {
        state.multibanco = await startMultibanco(order.id, token);
      }
    } catch (err) {
      state.error = errorMessage(err, paymentMessages.gatewayUnavailable);
    }
    const screen = method === 'mbway' ? paths.mbwayPayment : paths.multibancoPayment;
    await navigate(`${screen}?${paymentSearch(order.id, token)}`, { state });
  };
}

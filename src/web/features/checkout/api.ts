import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { CustomerPaymentMethod } from '#shared/orders.ts';
import type { Order, OrderBody } from '#shared/schemas/orders.ts';
import { paymentMessages } from '#shared/schemas/payments.ts';
import { api, errorMessage } from '../../api/client.ts';
import { cardReturnPath } from '#shared/card-paths.ts';
import { paths } from '#shared/paths.ts';
import { addressesKey } from '../account/api.ts';
import { goToCardPage, startCard, startMbway, startMultibanco, startPayshop } from '../payments/api.ts';
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
  return async (order: Order, method: CustomerPaymentMethod, mbwayPhone: string) => {
    const token = order.accessToken;
    const state: PaymentScreenState = { order };
    try {
      if (method === 'card') {
        // To the gateway's card page; it sends her back to the shop's return page (issue #27).
        goToCardPage((await startCard(order.id, token)).paymentUrl);
        return;
      }
      if (method === 'payshop') await startPayshop(order.id, token);
      else if (method === 'mbway') {
        state.mbway = await startMbway({ orderId: order.id, amount: order.total_price_with_tax, phone: mbwayPhone, email: order.email, token });
      } else {
        state.multibanco = await startMultibanco(order.id, token);
      }
    } catch (err) {
      state.error = errorMessage(err, paymentMessages.gatewayUnavailable);
    }
    // A card page that could not be opened: the order's card return page offers to try again or another way.
    if (method === 'card') {
      await navigate(cardReturnPath('erro', order.id, token), { state });
      return;
    }
    const screen = method === 'mbway' ? paths.mbwayPayment : method === 'payshop' ? paths.payshopPayment : paths.multibancoPayment;
    await navigate(`${screen}?${paymentSearch(order.id, token)}`, { state });
  };
}

import { type Order, order as orderSchema } from '#shared/schemas/orders.ts';
import { type MbwayAnswer, mbwayAnswer, type MultibancoAnswer, multibancoAnswer } from '#shared/schemas/payments.ts';

/**
 * What the checkout (or another payment screen) passes to a payment screen in the navigation state. The
 * order id and a guest's token also travel in the address, so the screen can load what it needs without it.
 */
export type PaymentScreenState = {
  order?: Order | undefined;
  multibanco?: MultibancoAnswer | undefined;
  mbway?: MbwayAnswer | undefined;
  /** Starting the payment failed after the order was made: the screen says so and offers to try again. */
  error?: string | undefined;
};

/** The parts of the navigation state that are well formed and belong to order `orderId` (history may hold anything). */
export function readPaymentState(state: unknown, orderId: number | null): PaymentScreenState {
  if (orderId === null || !state || typeof state !== 'object') return {};
  const raw = state as Record<string, unknown>;
  const order = orderSchema.safeParse(raw.order);
  const multibanco = multibancoAnswer.safeParse(raw.multibanco);
  const mbway = mbwayAnswer.safeParse(raw.mbway);
  return {
    order: order.success && order.data.id === orderId ? order.data : undefined,
    multibanco: multibanco.success && multibanco.data.order_id === orderId ? multibanco.data : undefined,
    mbway: mbway.success && mbway.data.order_id === orderId ? mbway.data : undefined,
    error: typeof raw.error === 'string' && raw.error.length <= 300 ? raw.error : undefined,
  };
}

import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { OrderStatus, PaymentMethod } from '#shared/orders.ts';
import { adminCustomerOrderBody, adminOrderBody, type Order } from '#shared/schemas/orders.ts';
import type { AdminOrderPayload } from './api.ts';

/** One line of the form's item list: what is sent (product, variant, quantity) plus what is shown. */
export type ItemRow = {
  product_id: number;
  variant_id: number | null;
  quantity: number;
  name: string;
  variantName: string | null;
  /** Unit price in euros: the catalogue's for a new line, the price paid for a line of the order being edited. */
  price: number;
  isDigital: boolean;
};

export type OrderFormValues = {
  /** The select's value; '' until a customer is chosen. */
  user_id: string;
  payment_method: PaymentMethod;
  shipping_address: string;
  phone: string;
  status: OrderStatus;
  items: ItemRow[];
  /** The parcel once it leaves (decision 0046): '' until the owner names one. */
  tracking_carrier: string;
  tracking_number: string;
};

export type OrderFormOutput = z.output<typeof adminOrderBody>;

/**
 * The admin order form is validated by the server's own schema (backoffice.md §5): customer, payment method,
 * address, phone and status required, at least one item, quantities 1..99. The form holds more than the
 * schema reads (the lines' names and prices), which it drops.
 */
const withCustomer = zodResolver(adminCustomerOrderBody) as unknown as Resolver<OrderFormValues, unknown, OrderFormOutput>;
const guestKept = zodResolver(adminOrderBody) as unknown as Resolver<OrderFormValues, unknown, OrderFormOutput>;

/** A new order needs its customer; a guest's order may stay a guest's (or be given an account). */
export const orderFormResolver = (order?: Order) => (order && order.user_id === null ? guestKept : withCustomer);

export function orderFormDefaults(order?: Order): OrderFormValues {
  return {
    user_id: order?.user_id ? String(order.user_id) : '',
    payment_method: order?.payment_method ?? 'multibanco',
    shipping_address: order?.shipping_address ?? '',
    phone: order?.phone ?? '',
    // backoffice.md §4: a new order defaults to pending.
    status: order?.status ?? 'pending',
    tracking_carrier: order?.shipping?.tracking?.carrier ?? '',
    tracking_number: order?.shipping?.tracking?.number ?? '',
    items: (order?.orderItems ?? []).flatMap((item) =>
      item.product_id === null ?
        []
      : [
          {
            product_id: item.product_id,
            variant_id: item.variant_id,
            quantity: item.quantity,
            name: item.product.name,
            variantName: item.variant?.name ?? null,
            price: item.price,
            isDigital: item.product.isDigital,
          },
        ],
    ),
  };
}

/** Lines of the order whose product no longer exists: they cannot be sent again. */
export const lostItems = (order?: Order) => (order?.orderItems ?? []).filter((item) => item.product_id === null);

/**
 * The JSON body of POST /order/createOrder and PUT /order/:id. The parcel is sent once named, and as null
 * when the owner empties a field the order had (an absent field keeps what the order has).
 */
export function orderPayload(values: OrderFormOutput, order?: Order): AdminOrderPayload {
  const tracking = order?.shipping?.tracking;
  return {
    user_id: values.user_id ?? null,
    payment_method: values.payment_method,
    shipping_address: values.shipping_address,
    phone: values.phone,
    status: values.status,
    items: values.items.map(({ product_id, variant_id, quantity }) => ({
      product_id,
      ...(variant_id ? { variant_id } : {}),
      quantity,
    })),
    // An order without a parcel sends the spec's body as it was.
    ...(values.tracking_carrier || tracking ? { tracking_carrier: values.tracking_carrier ?? null } : {}),
    ...(values.tracking_number || tracking ? { tracking_number: values.tracking_number ?? null } : {}),
  };
}

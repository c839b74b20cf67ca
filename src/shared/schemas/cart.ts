import { z } from 'zod';
import { EXEMPTION_REASONS } from '../withdrawal.ts';
import { euros } from './common.ts';
import { orderMessages } from './order-messages.ts';
import { cartTotalsAnswer } from './orders.ts';

/*
 * The cart the server reads (decision 0056): `GET /api/cart` answers the lines of a cart cookie's value, and the
 * storefront's forms (`POST /carrinho/adicionar`, `/carrinho/alterar`, `/carrinho/remover`) change it.
 */

/** The cart cookie's value: `produto.variante.quantidade` per line (variant 0 for none), joined by `_`. */
const cookieValue = z
  .string()
  .max(1000)
  .regex(/^[\d._]*$/)
  .meta({ description: 'O valor do cookie `cart`: `produto.variante.quantidade` de cada linha (variante 0: nenhuma), separados por `_`.', example: '12.0.2_15.7.1' });

export const cartQuery = z.object({ lines: cookieValue.default('') });

/** One line as the browser stores it (storefront.md §3), with the stock the customer may still take (null: no limit). */
const cartLine = z.object({
  id: z.string(),
  productId: z.number().int(),
  name: z.string(),
  price: euros,
  image: z.string().nullable(),
  quantity: z.number().int(),
  isDigital: z.boolean(),
  variant: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  withdrawalExemption: z.enum(EXEMPTION_REASONS).nullable().optional(),
  stock: z.number().int().nullable(),
});

export const cartAnswer = z.object({
  /** The cookie's value for the lines answered (unknown products and unreadable parts left out). */
  lines: z.string(),
  items: z.array(cartLine),
  /** The server's totals for these lines, as `POST /order/calculate-totals` answers them; null for an empty cart. */
  totals: cartTotalsAnswer.nullable(),
});
export type CartAnswer = z.infer<typeof cartAnswer>;

const id = z.coerce.number({ error: orderMessages.unknownProduct }).int().positive().max(2_147_483_647);
/** A form's variant: empty or absent for a product without variants. */
const variantId = z.preprocess((value) => (value === '' || value === '0' ? undefined : value), id.optional());
const quantity = z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number({ error: orderMessages.quantity }).int({ error: orderMessages.quantity }).min(0).max(999));

/** «Adicionar» and «Adicionar ao Carrinho» as forms: the product, the variant chosen, the units (1 when not said). */
export const cartAddForm = z.object({ product_id: id, variant_id: variantId, quantity: quantity.default(1) });
/** A line's quantity on the cart page (0 removes it, as «Remover»). */
export const cartLineForm = z.object({ product_id: id, variant_id: variantId, quantity: quantity.default(0) });

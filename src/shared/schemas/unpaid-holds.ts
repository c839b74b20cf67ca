import { z } from 'zod';
import './locale.ts';

/** Texts of the unpaid orders that hold stock (#26): the checkout's cap and the owner's "Libertar stock". */
export const unpaidHoldMessages = {
  /** {held}, {max}: units already held unpaid by the e-mail or the address, and the cap. */
  tooManyHeld:
    'Já existem encomendas por pagar, feitas com este e-mail ou a partir desta ligação, que reservam {held} unidades (o máximo são {max}). Pague primeiro as encomendas pendentes (o link está no e-mail de cada uma) e depois faça esta encomenda.',
  /** {max}: the cap; the order alone is over it. */
  orderTooLarge: 'Uma encomenda por pagar pode reservar no máximo {max} unidades. Para quantidades maiores, contacte-nos.',
  holdEnded: 'O prazo para pagar esta encomenda terminou. Se ainda quiser os produtos, faça uma nova encomenda.',
  nothingToRelease: 'Nenhuma das encomendas indicadas está por pagar a reservar stock.',
  /** {orders}, {units}. */
  released: 'Stock libertado: {orders} canceladas, {units} unidades devolvidas ao stock.',
} as const;

/** One unpaid order holding stock, as the owner's list shows it. */
const unpaidHold = z.object({
  order_id: z.number().int(),
  email: z.string(),
  payment_method: z.string(),
  /** Physical units the order took from the stock. */
  units: z.number().int(),
  total: z.number(),
  /** When it was placed, and when it gives its stock back unless paid (null: an order the owner placed). */
  since: z.string(),
  until: z.string().nullable(),
});
export type UnpaidHold = z.infer<typeof unpaidHold>;
export const unpaidHoldList = z.object({ orders: z.array(unpaidHold) });
export type UnpaidHoldList = z.infer<typeof unpaidHoldList>;

/** "Libertar stock": the orders the owner saw and chose (the list's, or some of them). */
export const releaseHoldsBody = z.strictObject({
  order_ids: z
    .array(z.coerce.number().int().positive().max(2_147_483_647))
    .min(1, { error: 'Escolha pelo menos uma encomenda.' })
    .max(500, { error: 'No máximo 500 encomendas de cada vez.' }),
});
export const releaseHoldsAnswer = z.object({
  message: z.string(),
  released: z.array(z.number().int()),
  units: z.number().int(),
});
export type ReleaseHoldsAnswer = z.infer<typeof releaseHoldsAnswer>;

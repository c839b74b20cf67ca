import { z } from 'zod';
import './locale.ts';
import { email, token } from './common.ts';
import { restockMessages } from '../texts/restock.ts';
export { restockMessages } from '../texts/restock.ts';

/** `POST /product/{id}/restock-alert`: the address, and the variant when the product has them. */
export const restockAlertBody = z.strictObject({
  email,
  variant_id: z.coerce.number({ error: restockMessages.variantUnknown }).int({ error: restockMessages.variantUnknown }).positive({ error: restockMessages.variantUnknown }).max(2_147_483_647).optional(),
});

export const restockTokenQuery = z.object({ token });

/** The owner's view on the product form: confirmed addresses waiting for the next return, in all and per variant. */
export const restockWaiting = z.object({
  waiting: z.number().int(),
  /** Addresses not confirmed yet (they are told nothing until they are). */
  pending: z.number().int(),
  variants: z.array(z.object({ variant_id: z.number().int(), waiting: z.number().int() })),
});
export type RestockWaiting = z.infer<typeof restockWaiting>;

/** The product page's form: the address alone (the variant is the one chosen on the page). */
export const restockAlertForm = z.object({ email });

import { z } from 'zod';
import './locale.ts';
import { anyPhone, anyPostalCode, checkAddress, countryField, orderMessages, phoneOf, text } from './orders.ts';

/* The customer's address book (/perfil, "Moradas"): the addresses the checkout ships to. */

/** At most this many addresses a customer keeps; a checkout to a new address past it is not remembered. */
export const MAX_ADDRESSES = 10;

export const addressMessages = {
  saved: 'Morada guardada.',
  deleted: 'Morada eliminada.',
  madeDefault: 'Esta é agora a sua morada predefinida.',
  notFound: 'Morada não encontrada.',
  tooMany: `Pode guardar até ${MAX_ADDRESSES} moradas. Elimine uma para acrescentar outra.`,
} as const;

/** POST and PUT /user/addresses: the checkout's address fields, and whether it becomes the default. */
export const addressBody = z
  .object({
    name: text(orderMessages.name, 120),
    address: text(orderMessages.address, 300),
    city: text(orderMessages.city, 100),
    postal_code: anyPostalCode,
    /** ISO code, or the spec's "Portugal"; absent is Portugal (decision 0055). */
    country: countryField,
    phone: anyPhone,
    is_default: z.boolean().optional(),
  })
  .superRefine((v, ctx) => checkAddress(v, ctx), { when: (payload) => typeof payload.value === 'object' && payload.value !== null })
  .transform((v) => ({ ...v, phone: phoneOf(v.country, v.phone) ?? v.phone }));
export type AddressBody = z.input<typeof addressBody>;

export const savedAddress = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  postal_code: z.string(),
  /** The country's pt-PT name ("Portugal", as the spec's address book says it) and its ISO code (decision 0055). */
  country: z.string(),
  country_code: z.string().optional(),
  phone: z.string(),
  is_default: z.boolean(),
});
export type SavedAddress = z.infer<typeof savedAddress>;

/** GET /user/addresses: the default first, then the most recently used. */
export const addressList = z.array(savedAddress);

import { z } from 'zod';
import './locale.ts';
import { messages } from '../messages.ts';
import { parseEuros } from '../money.ts';

/** The body of every error answer: `error` is what a person reads (storefront.md §8 reads it first). */
export const errorBody = z.object({
  message: z.string(),
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const messageBody = z.object({ message: z.string() });

// The formats of what the API answers, for its OpenAPI document (/api/docs): the values are the server's own,
// so they are described, not checked again on the way out.
/** A moment, as `Date.toISOString()` writes it. */
export const dateTime = z.string().meta({ format: 'date-time' });
/** A calendar day in Lisbon, `YYYY-MM-DD`. */
export const day = z.string().meta({ format: 'date' });
/** An e-mail address the shop holds. */
export const emailAddress = z.string().meta({ format: 'email' });
/** A price or total in euros, VAT included unless named otherwise: a number with at most two decimals. */
export const euros = z.number().meta({ format: 'double', description: 'Euros, com duas casas decimais no máximo.' });

/** A list's page size: a size above the maximum is the maximum and below 1 is 1, not an error. */
export const pageSizeParam = (max: number, fallback: number) =>
  z.coerce
    .number()
    .int()
    .default(fallback)
    .transform((size) => Math.min(Math.max(size, 1), max));

export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const email = z
  .string({ error: messages.emailInvalid })
  .trim()
  .toLowerCase()
  .max(254, { error: messages.emailInvalid })
  .pipe(z.email({ error: messages.emailInvalid }))
  .meta({ format: 'email' });

export const USERNAME_MAX = 60;
export const username = z
  .string({ error: messages.usernameRequired })
  .trim()
  .min(1, { error: messages.usernameRequired })
  .max(USERNAME_MAX, { error: messages.tooLong });

// Argon2 hashes any length, but an unbounded body is a denial-of-service lever.
const passwordMax = 200;
export const password6 = z
  .string({ error: messages.passwordMin6 })
  .min(6, { error: messages.passwordMin6 })
  .max(passwordMax, { error: messages.tooLong });
export const password8 = z
  .string({ error: messages.passwordMin8 })
  .min(8, { error: messages.passwordMin8 })
  .max(passwordMax, { error: messages.tooLong });

export const token = z.string({ error: messages.tokenInvalid }).trim().min(1, { error: messages.tokenInvalid }).max(200);

// The document names a type beside `nullable` (OpenAPI 3.0): the amount comes as a number or as typed text.
const nullableEuros = { type: 'string', description: 'Euros: um número (6.5) ou o texto escrito ("6,50"); vazio ou null: nenhum.' } as const;

/** An amount that may be left out: empty, null or absent is none (null). */
export const optionalAmount = (message: string) =>
  z
    .union([z.string(), z.number(), z.null()], { error: message })
    .meta(nullableEuros)
    .optional()
    .transform((v, ctx) => {
      if (v === '' || v === null || v === undefined) return null;
      const cents = parseEuros(v);
      if (Number.isNaN(cents)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return cents;
    });

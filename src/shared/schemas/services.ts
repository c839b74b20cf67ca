import { z } from 'zod';
import { dateTime, euros } from './common.ts';
import './locale.ts';
import { messages } from '../messages.ts';
import { parseEuros } from '../money.ts';
import { imageRef } from './catalog.ts';
import { serviceMessages } from '../texts/services.ts';
export { serviceMessages, SERVICE_CARD_TEXT_LENGTH } from '../texts/services.ts';

/** Only web addresses: a `javascript:` or `data:` link must never become the Agendar button. */
export const isWebLink = (text: string) => {
  if (!/^https?:\/\/\S+$/i.test(text)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

/** A service as every answer shows it (`image` is null when it has none). */
export const service = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  short_description: z.string(),
  schedule_link: z.string(),
  order: z.number().int(),
  image: imageRef.nullable(),
  /** Optional indicative price in euros (not in the spec's form): shown on the page and in the structured data's offer. */
  price: euros.nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type Service = z.infer<typeof service>;

/** `GET /service`: every service, by display order then name. */
export const serviceList = z.array(service);

const text = (required: string, max: number) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: messages.tooLong });

const boolText = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

/**
 * The service form's fields as multipart text (backoffice.md §3, §5, §7): name, description, order and
 * schedule link required; short description, price and image optional. `removeImage=true` on an edit
 * drops the current image (a new file replaces it anyway).
 */
export const serviceFields = z.object({
  name: text(serviceMessages.nameRequired, 200),
  description: text(serviceMessages.descriptionRequired, 10_000),
  short_description: z.string().trim().max(500, { error: messages.tooLong }).default(''),
  schedule_link: text(serviceMessages.scheduleLinkRequired, 2000).refine(isWebLink, { error: serviceMessages.scheduleLinkInvalid }),
  // backoffice.md §9: the order defaults to 0 when the field is not sent; sent blank, it is missing.
  order: z
    .union([z.string(), z.number()])
    .default(0)
    .transform((v, ctx) => {
      const n = typeof v === 'number' ? v : /^\s*-?\d{1,7}\s*$/.test(v) ? Number(v) : Number.NaN;
      if (!Number.isInteger(n) || n < 0 || n > 1_000_000) {
        ctx.addIssue({ code: 'custom', message: serviceMessages.orderRequired });
        return z.NEVER;
      }
      return n;
    }),
  price: z
    .union([z.string(), z.number()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
      const cents = parseEuros(v);
      if (Number.isNaN(cents)) {
        ctx.addIssue({ code: 'custom', message: serviceMessages.priceInvalid });
        return z.NEVER;
      }
      return cents;
    }),
  removeImage: boolText.default(false),
});
export type ServiceFields = z.output<typeof serviceFields>;

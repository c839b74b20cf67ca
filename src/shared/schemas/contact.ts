import { z } from 'zod';
import './locale.ts';
import { messages } from '../messages.ts';
import { dateTime, email, emailAddress, pageSizeParam } from './common.ts';
import { contactMessages, CONTACT_LIMITS } from '../texts/contact.ts';
export { contactMessages, OPENING_HOURS, CONTACT_LIMITS } from '../texts/contact.ts';

/** One line of text: line breaks and runs of spaces become one space (they would break a mail's subject). */
const line = (required: string, max: number) =>
  z
    .string({ error: required })
    .transform((v) => v.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1, { error: required }).max(max, { error: messages.tooLong }));

/** `POST /contact`: all four fields required (backoffice.md §5). */
export const contactBody = z.object({
  name: line(contactMessages.nameRequired, CONTACT_LIMITS.name),
  email,
  subject: line(contactMessages.subjectRequired, CONTACT_LIMITS.subject),
  message: z
    .string({ error: contactMessages.messageRequired })
    .trim()
    .min(1, { error: contactMessages.messageRequired })
    .max(CONTACT_LIMITS.message, { error: messages.tooLong }),
});
export type ContactBody = z.input<typeof contactBody>;

export const contactMessage = z.object({
  id: z.number().int(),
  name: z.string(),
  email: emailAddress,
  subject: z.string(),
  message: z.string(),
  readAt: dateTime.nullable(),
  createdAt: dateTime,
});
export type ContactMessage = z.infer<typeof contactMessage>;

export const contactMessagesQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: pageSizeParam(100, 20),
});

export const contactMessagePage = z.object({
  messages: z.array(contactMessage),
  pagination: z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int(), totalPages: z.number().int() }),
  unread: z.number().int(),
});
export type ContactMessagePage = z.infer<typeof contactMessagePage>;

/** `GET /shop`: the shop's public and legal details (contact and terms pages). */
export const shopDetails = z.object({
  legalName: z.string(),
  nif: z.string(),
  address: z.string(),
  phone: z.string(),
  email: emailAddress,
  /** The shop's own social pages, only those the owner set. */
  social: z.array(z.object({ name: z.enum(['Instagram', 'Facebook', 'WhatsApp']), url: z.string() })),
  /** How long an unpaid order waits for its payment before it is cancelled (#26), as the terms page says. */
  paymentDeadlines: z.object({ multibancoMinutes: z.number().int(), mbwayMinutes: z.number().int() }).optional(),
  /** The returns (withdrawal) period in days, the owner's one setting (issue #28): the promises and the terms say it. */
  withdrawalDays: z.number().int(),
});
export type ShopDetails = z.infer<typeof shopDetails>;

/** For the owner: the shop details that still hold their example values (the dashboard warns). */
export const shopSetup = z.object({ examples: z.array(z.object({ setting: z.string(), label: z.string() })) });
export type ShopSetup = z.infer<typeof shopSetup>;

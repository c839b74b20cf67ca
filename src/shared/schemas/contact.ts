import { z } from 'zod';
import './locale.ts';
import { messages } from '../messages.ts';
import { email, pageSizeParam } from './common.ts';

/** backoffice.md §2, §4, §5, §8: the contact form and the admin's Mensagens tab. */
export const contactMessages = {
  sent: 'Mensagem enviada com sucesso!',
  sendError: 'Ocorreu um erro ao enviar a tua mensagem. Por favor tenta novamente.',
  nameRequired: 'Por favor insere o teu nome.',
  subjectRequired: 'Por favor insere o assunto.',
  messageRequired: 'Por favor escreve a tua mensagem.',
  loadError: 'Erro ao carregar mensagens.',
  markReadError: 'Erro ao marcar a mensagem como lida.',
  notFound: 'Mensagem não encontrada.',
  shopLoadError: 'Erro ao carregar os dados da loja.',
} as const;

/** backoffice.md §2: the contact page's opening hours. */
export const OPENING_HOURS = 'Segunda a Sexta, 9h às 18h';

export const CONTACT_LIMITS = { name: 120, email: 254, subject: 200, message: 5000 } as const;

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
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
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
  email: z.string(),
  /** The shop's own social pages, only those the owner set. */
  social: z.array(z.object({ name: z.enum(['Instagram', 'Facebook', 'WhatsApp']), url: z.string() })),
});
export type ShopDetails = z.infer<typeof shopDetails>;

/** For the owner: the shop details that still hold their example values (the dashboard warns). */
export const shopSetup = z.object({ examples: z.array(z.object({ setting: z.string(), label: z.string() })) });
export type ShopSetup = z.infer<typeof shopSetup>;

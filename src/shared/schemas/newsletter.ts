import { z } from 'zod';
import './locale.ts';
import { messages } from '../messages.ts';
import { dateTime, email, emailAddress, token } from './common.ts';

/** storefront.md §4, §8 and backoffice.md §2, §5, §8: the newsletter's texts, written once. */
export const newsletterMessages = {
  subscribed: 'Obrigado pela sua inscrição! Verifique o seu email para confirmar.',
  subscribeError: 'Erro ao inscrever. Tente novamente.',
  tokenMissing: 'Token não encontrado',
  verifyError: 'Erro ao verificar a newsletter',
  unsubscribeError: 'Erro ao cancelar a newsletter',
  confirmed: 'Subscrição confirmada! Passa a receber a newsletter da Loja.',
  unsubscribed: 'A sua subscrição foi cancelada. Não voltará a receber a newsletter da Loja.',
  alreadyUnsubscribed: 'Esta subscrição já estava cancelada.',
  linkInvalid: 'O link é inválido ou já foi usado.',
  linkExpired: 'O link expirou. Subscreva novamente a newsletter para receber um novo.',
  unsubscribeLinkInvalid: 'O link para cancelar a subscrição não é válido.',
  listError: 'Erro ao carregar subscritores.',
  deleteError: 'Erro ao eliminar subscritor.',
  subscriberDeleted: 'Subscritor eliminado.',
  subscriberNotFound: 'Subscritor não encontrado.',
  contentLoadError: 'Erro ao carregar conteúdo da newsletter.',
  contentSaveError: 'Erro ao guardar conteúdo da newsletter.',
  contentSaved: 'Newsletter guardada.',
  titleRequired: 'Por favor, insira o título da newsletter.',
  contentRequired: 'Por favor, insira o conteúdo da newsletter.',
  draftIncomplete: 'Escreva e guarde o título e o conteúdo da newsletter antes de a enviar.',
  noSubscribers: 'Ainda não há subscritores confirmados para receber a newsletter.',
  sendStopped: 'Envio da newsletter parado. Quem ainda não a recebeu já não a vai receber.',
  switchOff: 'O envio da newsletter está desligado.',
  historyError: 'Erro ao carregar o histórico de envios.',
  testError: 'Erro ao enviar o email de teste. Por favor, tente novamente.',
  switchError: 'Erro ao alterar o envio da newsletter. Por favor, tente novamente.',
} as const;

export const sendStartedMessage = (recipients: number) =>
  `Envio da newsletter iniciado para ${recipients} ${recipients === 1 ? 'subscritor' : 'subscritores'}.`;
export const testSentMessage = (to: string) => `Enviámos um email de teste para ${to}.`;

/**
 * What a person agrees to by subscribing (shown beside the footer form and stored, word for word, as
 * the proof of consent). The footer turns the closing words into a link to the privacy terms.
 */
export const newsletterConsent = {
  text: 'Receba novidades, lançamentos e dicas de organização por email. Pode cancelar a subscrição a qualquer momento, no link de cada newsletter. Saiba mais em Termos e Privacidade.',
  linkLabel: 'Termos e Privacidade',
} as const;

export const subscribeBody = z.object({ email });
export type SubscribeBody = z.infer<typeof subscribeBody>;

export const newsletterTokenQuery = z.object({ token });

export const subscriberStatuses = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];
export const subscriberStatusLabel: Record<SubscriberStatus, string> = {
  pending: 'Por confirmar',
  confirmed: 'Confirmado',
  unsubscribed: 'Cancelado',
};

/** backoffice.md §4: a subscriber (id, email, subscribed_at), with its state. */
export const subscriber = z.object({
  id: z.number().int(),
  email: emailAddress,
  status: z.enum(subscriberStatuses),
  /** When the address was confirmed; null while pending. */
  subscribed_at: dateTime.nullable(),
  created_at: dateTime,
});
export type Subscriber = z.infer<typeof subscriber>;
export const subscriberList = z.array(subscriber);

export const subscriberParam = z.object({ email });

/** The text inside rich-text HTML, enough to tell an empty editor (`<p></p>`) from content. */
export const hasText = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim().length > 0;

export const MAX_NEWSLETTER_HTML = 200_000;

export const newsletterContent = z.object({ title: z.string(), value: z.string() });
export type NewsletterContent = z.infer<typeof newsletterContent>;

/** backoffice.md §5: title and content required. */
export const newsletterContentBody = z.object({
  title: z
    .string({ error: newsletterMessages.titleRequired })
    .trim()
    .min(1, { error: newsletterMessages.titleRequired })
    .max(200, { error: messages.tooLong }),
  value: z
    .string({ error: newsletterMessages.contentRequired })
    .max(MAX_NEWSLETTER_HTML, { error: messages.tooLong })
    .refine(hasText, { error: newsletterMessages.contentRequired }),
});
export type NewsletterContentBody = z.infer<typeof newsletterContentBody>;

export const sendSwitch = z.object({ isToSend: z.boolean() });
/**
 * `PUT /newsletter/isToSend` toggles (backoffice.md §7). A body naming the wanted state makes the call
 * idempotent: a click that crosses the end of a send must not start the same newsletter again.
 */
export const sendSwitchBody = z.object({ isToSend: z.boolean().optional() }).nullish();
export const sendSwitchAnswer = sendSwitch.extend({ message: z.string() });
export type SendSwitchAnswer = z.infer<typeof sendSwitchAnswer>;

export const sendStatuses = ['sending', 'done', 'stopped'] as const;
export type SendStatus = (typeof sendStatuses)[number];
export const sendStatusLabel: Record<SendStatus, string> = {
  sending: 'A enviar',
  done: 'Enviada',
  stopped: 'Parada',
};

/** One send in the history: when, what, to how many, how it went. */
export const newsletterSend = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(sendStatuses),
  recipients: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  startedAt: dateTime,
  finishedAt: dateTime.nullable(),
});
export type NewsletterSend = z.infer<typeof newsletterSend>;
export const sendHistory = z.array(newsletterSend);

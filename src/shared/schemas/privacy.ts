import { z } from 'zod';
import './locale.ts';
import { dateTime, email, emailAddress, euros } from './common.ts';
import { order } from './orders.ts';
import { withdrawal } from './withdrawals.ts';

/* Her data on request (issue #28, decision 0041): the export, the erasure, and the owner's "Pedido RGPD". */

export const privacyMessages = {
  openOrder: 'Ainda não é possível apagar estes dados: a encomenda n.º {id} está em curso. Será possível depois de entregue e terminado o prazo de livre resolução, ou se for cancelada.',
  refundOwed: 'Ainda não é possível apagar estes dados: falta fazer o reembolso da encomenda n.º {id}.',
  withinWithdrawal: 'Ainda não é possível apagar estes dados: a encomenda n.º {id} está no prazo de livre resolução, até {date}.',
  confirmRequired: 'Confirme com a sua palavra-passe ou com o link que lhe enviámos por email.',
  wrongPassword: 'A palavra-passe não está correta.',
  linkInvalid: 'O link para apagar a conta é inválido ou expirou. Peça um novo no seu perfil.',
  adminAccount: 'Uma conta de administrador não pode ser apagada aqui: peça a outro administrador que lhe retire esse acesso primeiro.',
  accountDeleted: 'A sua conta foi apagada. Guardamos apenas o registo fiscal das suas encomendas, sem o seu nome, email, telefone ou morada.',
  linkSent: 'Enviámos-lhe um email com o link para confirmar o apagamento da conta. O link é válido durante 1 hora.',
  emailRequired: 'Indique o email do pedido.',
} as const;

/** DELETE /user/me: her password, or the token of the link she was e-mailed. */
export const eraseAccountBody = z.object({
  password: z.string().max(200).optional(),
  token: z.string().trim().max(100).optional(),
});
export type EraseAccountBody = z.infer<typeof eraseAccountBody>;

/** The owner's "Pedido RGPD": whose data, by e-mail address (guests too). */
export const dataRequestBody = z.object({ email: z.string({ error: privacyMessages.emailRequired }).pipe(email) });
export type DataRequestBody = z.input<typeof dataRequestBody>;

const payment = z.object({
  order_id: z.number().int(),
  method: z.string(),
  status: z.string(),
  amount: euros,
  entity: z.string().nullable(),
  reference: z.string().nullable(),
  phone: z.string().nullable(),
  created_at: dateTime,
  paid_at: dateTime.nullable(),
});

const invoiceReference = z.object({ order_id: z.number().int(), kind: z.enum(['invoice_receipt', 'credit_note']), number: z.string().nullable() });

/** Everything held about one person, as the export's file and page show it (RGPD art. 15.º and 20.º). */
export const personalData = z.object({
  generated_at: dateTime,
  email: emailAddress,
  account: z
    .object({ username: z.string(), email: emailAddress, created_at: dateTime, is_verified: z.boolean(), nif: z.string().nullable(), company: z.string().nullable() })
    .nullable(),
  addresses: z.array(
    z.object({ name: z.string(), address: z.string(), city: z.string(), postal_code: z.string(), country: z.string(), phone: z.string(), is_default: z.boolean() }),
  ),
  orders: z.array(order),
  payments: z.array(payment),
  invoices: z.array(invoiceReference),
  newsletter: z
    .object({
      status: z.string(),
      consent_at: dateTime,
      consent_ip: z.string().nullable(),
      consent_text: z.string(),
      subscribed_at: dateTime.nullable(),
      unsubscribed_at: dateTime.nullable(),
    })
    .nullable(),
  contact_messages: z.array(z.object({ name: z.string(), subject: z.string(), message: z.string(), created_at: dateTime })),
  /** The withdrawal requests she made on her orders. */
  withdrawal_requests: z.array(withdrawal),
  /** What she asked to be told of when it is back ("Avise-me quando voltar"). */
  restock_alerts: z.array(z.object({ product: z.string(), status: z.string(), asked_at: dateTime, confirmed_at: dateTime.nullable(), told_at: dateTime.nullable() })),
});
export type PersonalData = z.infer<typeof personalData>;

/** What an erasure did: how many of each it removed or anonymised. */
export const erasureAnswer = z.object({
  message: z.string(),
  account_deleted: z.boolean(),
  orders_anonymised: z.number().int(),
  contact_messages_deleted: z.number().int(),
  newsletter_deleted: z.boolean(),
  restock_alerts_deleted: z.number().int(),
});
export type ErasureAnswer = z.infer<typeof erasureAnswer>;

export const erasedForRequest = (counts: Omit<ErasureAnswer, 'message'>) =>
  `Pedido concluído: ${counts.account_deleted ? 'conta apagada, ' : ''}${counts.orders_anonymised} encomenda(s) anonimizada(s), ${counts.contact_messages_deleted} mensagem(ns) apagada(s)${counts.newsletter_deleted ? ', subscrição da newsletter apagada' : ''}${counts.restock_alerts_deleted ? `, ${counts.restock_alerts_deleted} aviso(s) de reposição apagado(s)` : ''}.`;

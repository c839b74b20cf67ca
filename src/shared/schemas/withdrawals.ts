import { z } from 'zod';
import './locale.ts';
import { messages } from '../messages.ts';
import { dateTime, email, emailAddress, euros, pageSizeParam } from './common.ts';
import { checkTransfer, invoicingMessages, REFUND_METHODS, withTransfer } from './invoicing.ts';

/** What the withdrawal calls say (pt-PT), to the customer and to the owner. */
export const withdrawalMessages = {
  periodOver: 'O prazo para desistir desta encomenda terminou em {date}. Se o produto tiver defeito, mantém a garantia legal: contacte-nos.',
  nothingToWithdraw: 'Esta encomenda não tem artigos de que possa desistir.',
  cancelledOrder: 'Esta encomenda foi cancelada: não há contrato de que desistir.',
  lineNotOffered: 'Um dos artigos escolhidos não pode ser devolvido por livre resolução: {name}.',
  lineUnknown: 'Um dos artigos escolhidos não pertence a esta encomenda.',
  lineTooMany: 'Só pode desistir de {left} unidade(s) de {name}.',
  linesRequired: 'Escolha pelo menos um artigo e a quantidade.',
  quantity: 'A quantidade tem de ser um número inteiro entre 1 e 999.',
  name: 'Indique o seu nome.',
  orderNumber: 'Indique o número da encomenda (só algarismos).',
  linkSent: 'Se a encomenda existir com este e-mail, enviámos-lhe agora uma ligação para desistir do contrato. Veja a sua caixa de correio.',
  notFound: 'Pedido de desistência não encontrado.',
  alreadyRefunded: 'Esta desistência já foi reembolsada.',
  refunded: 'Reembolso registado: o cliente recebe a nota de crédito e um e-mail.',
  exemption: 'Escolha um dos motivos da lei.',
} as const;

export const withdrawalLineInput = z.object({
  order_item_id: z.number({ error: withdrawalMessages.lineUnknown }).int().positive().max(2_147_483_647),
  quantity: z.number({ error: withdrawalMessages.quantity }).int({ error: withdrawalMessages.quantity }).min(1, { error: withdrawalMessages.quantity }).max(999, { error: withdrawalMessages.quantity }),
});

/**
 * Step 1 and step 2 of the function (art. 11.º-A): without `confirm` the call answers the statement to
 * confirm and stores nothing; with `confirm: true` it is the withdrawal. No `lines`: the whole order.
 */
export const withdrawalBody = z
  .object({
    lines: z.array(withdrawalLineInput).min(1, { error: withdrawalMessages.linesRequired }).max(200).optional(),
    reason: z.string().trim().max(1000, { error: messages.tooLong }).optional().transform((v) => v || null),
    name: z.string().trim().max(120, { error: messages.tooLong }).optional().transform((v) => v || null),
    confirm: z.literal(true).optional(),
  })
  .strict();
export type WithdrawalBody = z.input<typeof withdrawalBody>;

const withdrawnLine = z.object({
  order_item_id: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  unit_price: euros,
});

export const WITHDRAWAL_STATUSES = ['requested', 'refunded'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const withdrawalStatusLabel: Record<WithdrawalStatus, string> = { requested: 'Por reembolsar', refunded: 'Reembolsada' };

/** A stored withdrawal, as the customer's page and the owner's list read it. */
export const withdrawal = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  name: z.string(),
  email: emailAddress,
  lines: z.array(withdrawnLine),
  reason: z.string().nullable(),
  requested_at: dateTime,
  /** The refund's legal deadline: 14 days from the request. */
  refund_due_by: dateTime,
  status: z.enum(WITHDRAWAL_STATUSES),
  refunded_at: dateTime.nullable(),
  /** Past its deadline and not refunded. */
  overdue: z.boolean(),
  /** What the lines are worth, and the delivery cost given back with them (the whole shipment withdrawn). */
  amount: euros,
  shipping: euros,
});
export type Withdrawal = z.infer<typeof withdrawal>;

/** The statement of step 1: what the customer is about to confirm. */
export const withdrawalStatement = z.object({
  order_id: z.number().int(),
  name: z.string(),
  email: emailAddress,
  lines: z.array(withdrawnLine),
  reason: z.string().nullable(),
  /** The statement in words, as the acknowledgement will repeat it. */
  statement: z.string(),
});

/** POST /api/order/{id}/withdrawal: step 1 answers the statement only; step 2 the stored request too. */
export const withdrawalAnswer = z.object({ confirmed: z.boolean(), statement: withdrawalStatement, withdrawal: withdrawal.nullable() });
export type WithdrawalAnswer = z.infer<typeof withdrawalAnswer>;

/** The whole order as the function shows it: each line, how much of it can still be withdrawn, or why not. */
export const withdrawalOverview = z.object({
  order_id: z.number().int(),
  name: z.string(),
  email: emailAddress,
  period_days: z.number().int(),
  /** Whether any line can be withdrawn now. */
  open: z.boolean(),
  /** The latest end of the period among the offered lines; null while goods are on their way (it runs from delivery). */
  open_until: dateTime.nullable(),
  lines: z.array(
    z.object({
      order_item_id: z.number().int(),
      name: z.string(),
      quantity: z.number().int(),
      unit_price: euros,
      /** Units still offered (ordered less those already withdrawn); 0 when the line is blocked or its period is over. */
      withdrawable: z.number().int(),
      until: dateTime.nullable(),
      blocked: z.string().nullable(),
    }),
  ),
  requests: z.array(withdrawal),
  /** What happens next: where the goods go back. */
  return_address: z.string(),
});
export type WithdrawalOverview = z.infer<typeof withdrawalOverview>;

export const withdrawalAccessQuery = z.object({ token: z.string().trim().max(100).optional() });

export const withdrawalsQuery = z.object({
  status: z.enum(WITHDRAWAL_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: pageSizeParam(100, 20),
});
export const withdrawalPage = z.object({
  withdrawals: z.array(withdrawal),
  pagination: z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int(), totalPages: z.number().int() }),
});
export type WithdrawalPage = z.infer<typeof withdrawalPage>;

/** The footer's page: a guest asks for the link to her order's withdrawal. */
export const withdrawalLinkBody = z
  .object({
    order_id: z.coerce.number({ error: withdrawalMessages.orderNumber }).int({ error: withdrawalMessages.orderNumber }).positive({ error: withdrawalMessages.orderNumber }).max(2_147_483_647, { error: withdrawalMessages.orderNumber }),
    email,
  })
  .strict();
export type WithdrawalLinkBody = z.input<typeof withdrawalLinkBody>;

/** The owner refunds a withdrawal: the lines and delivery cost are the request's; she says how the money went back. */
export const withdrawalRefundBody = z
  .object({
    method: z.enum(REFUND_METHODS, { error: invoicingMessages.refundMethod }),
    iban: z.string().trim().max(50, { error: invoicingMessages.iban }).optional(),
    transferred_on: z.string().trim().max(10).optional(),
    note: z.string().trim().max(500, { error: messages.tooLong }).optional().transform((v) => v || null),
  })
  .superRefine(checkTransfer)
  .transform(withTransfer);
export type WithdrawalRefundBody = z.input<typeof withdrawalRefundBody>;

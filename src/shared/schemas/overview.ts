import { z } from 'zod';
import { day } from './common.ts';
import './locale.ts';
import { ORDER_STATUSES } from '../orders.ts';
import { turnoverMeter } from './tax.ts';
import { distanceSalesMeter } from './distance-sales.ts';
import { LEGAL_WITHDRAWAL_DAYS, MAX_WITHDRAWAL_DAYS } from '../withdrawal.ts';

/** The owner's overview, the dashboard's Resumo (issue #17). Money in cents. */
export const overviewMessages = {
  days: 'Escolha um período entre 7 dias e 12 meses.',
  threshold: 'Indique um limite de stock baixo entre 0 e 1000 unidades.',
  thresholdSaved: 'Limite de stock baixo guardado.',
  newOrdersOn: 'Passa a receber um e-mail por cada encomenda nova, além das pagas.',
  newOrdersOff: 'Deixa de receber e-mails das encomendas novas; continua a receber os das pagas.',
  nothingToSave: 'Indique o que quer alterar.',
  withdrawalDays: `O prazo tem de ser um número inteiro de dias entre ${LEGAL_WITHDRAWAL_DAYS} (o mínimo da lei) e ${MAX_WITHDRAWAL_DAYS}.`,
  withdrawalDaysSaved: 'Prazo de livre resolução guardado: a loja, os termos e a função de desistência passam a indicá-lo.',
} as const;

/** The periods the chart offers, in days (the default first): a month, a week, a quarter, a year. */
export const OVERVIEW_PERIODS = [30, 7, 90, 365] as const;
export const DEFAULT_LOW_STOCK = 3;

export const overviewQuery = z.object({
  days: z.coerce.number({ error: overviewMessages.days }).int({ error: overviewMessages.days }).min(7, { error: overviewMessages.days }).max(366, { error: overviewMessages.days }).default(30),
});

/** The returns period (issue #28): one setting, whole days, never under the law's 14 (DL 24/2014, art. 10.º). */
export const withdrawalDaysField = z.coerce
  .number({ error: overviewMessages.withdrawalDays })
  .int({ error: overviewMessages.withdrawalDays })
  .min(LEGAL_WITHDRAWAL_DAYS, { error: overviewMessages.withdrawalDays })
  .max(MAX_WITHDRAWAL_DAYS, { error: overviewMessages.withdrawalDays });

/** The owner's settings, one or both: the stock level she calls low, and whether each new order is mailed to her. */
export const overviewSettingsBody = z
  .object({
    lowStockThreshold: z.coerce
      .number({ error: overviewMessages.threshold })
      .int({ error: overviewMessages.threshold })
      .min(0, { error: overviewMessages.threshold })
      .max(1000, { error: overviewMessages.threshold })
      .optional(),
    mailNewOrders: z.boolean().optional(),
    withdrawalDays: withdrawalDaysField.optional(),
  })
  .refine((v) => v.lowStockThreshold !== undefined || v.mailNewOrders !== undefined || v.withdrawalDays !== undefined, { error: overviewMessages.nothingToSave });
export type OverviewSettingsBody = z.infer<typeof overviewSettingsBody>;

const count = z.number().int();
const cents = z.number().int().meta({ description: 'Cêntimos de euro.' });

/**
 * A period's money: the orders paid in it (how many, with and without VAT); what was received (those
 * orders, plus payments that arrived on a cancelled or already paid order); what went back in refunds;
 * and the net, received less refunded, which is what the bank shows.
 */
const takings = z.object({ orders: count, withTaxCents: cents, withoutTaxCents: cents, receivedCents: cents, refundedCents: cents, netCents: cents });
export type Takings = z.infer<typeof takings>;
const comparison = z.object({ current: takings, previous: takings });
export type TakingsComparison = z.infer<typeof comparison>;

const countAndValue = z.object({ count, cents });

export const overview = z.object({
  /** Today, the last 7 and the last 30 days (Lisbon days, today included), each against the period just before. */
  takings: z.object({ today: comparison, week: comparison, month: comparison }),
  /** Every day of the chosen period, oldest first, days without sales included. */
  days: z.array(z.object({ day, orders: count, withTaxCents: cents })),
  /** Orders placed in the chosen period, by status. */
  byStatus: z.array(z.object({ status: z.enum(ORDER_STATUSES), count })),
  /** Orders still waiting for their money, whenever placed. */
  awaitingPayment: z.object({ multibanco: countAndValue, mbway: countAndValue }),
  /** Orders paid in the chosen period after a reminder or by another way than their first attempt (issue #27). */
  recovered: countAndValue,
  /** MB WAY requests sent in the chosen period, and how many the customer accepted. */
  mbway: z.object({ sent: count, accepted: count }),
  refundsDue: countAndValue,
  /** "Faturas por emitir": paid orders the provider gave up on (without a provider, paid orders without an invoice). */
  invoicesWaiting: count,
  lowStock: z.object({
    threshold: count,
    items: z.array(z.object({ productId: count, variantId: count.nullable(), name: z.string(), variantName: z.string().nullable(), stock: count })),
  }),
  /** The shop's e-mails to its owner: each paid order always, each new order when she turned it on; where they go. */
  ownerMail: z.object({ newOrders: z.boolean(), to: z.string() }),
  /** The withdrawal period in days, and the withdrawals waiting for their refund (overdue: past the legal 14 days). */
  withdrawals: z.object({ periodDays: count, waiting: count, overdue: count }),
  /** The chosen period's best sellers by units sold in paid orders. */
  bestSellers: z.array(z.object({ productId: count.nullable(), name: z.string(), quantity: count, withTaxCents: cents })),
  /** The shop's VAT today (decision 0053): under the art. 53.º exemption no "sem IVA" figure, and the year's turnover meter. */
  vat: z
    .object({
      exempt: z.boolean(),
      meter: turnoverMeter.nullable(),
      /** Sales to other EU countries this year against the 10 000 € threshold (decision 0055); absent while the shop sells only in Portugal. */
      distance: distanceSalesMeter.optional(),
    })
    .optional(),
  /** Discount codes in the orders paid in the period (decision 0054): how many, and what they gave (goods' discount and shipping waived). */
  discounts: countAndValue.optional(),
});
export type Overview = z.infer<typeof overview>;

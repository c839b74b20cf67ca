import { valuesOf } from './labelled.ts';
import { calendarDayPlus, lisbonDayStart, lisbonToday } from './dates.ts';

/*
 * The right of withdrawal (decision 0040; Decreto-Lei 24/2014, arts. 10.º-17.º, and art. 11.º-A of Directive
 * 2011/83/EU as Directive 2023/2673 added it): how long it lasts, from when, and which lines it never covers.
 * One rule, read by the server (which decides) and the pages (which say it).
 */

/** The law's period (DL 24/2014, art. 10.º, n.º 1): the shop may give more, never less. */
export const LEGAL_WITHDRAWAL_DAYS = 14;
/** The shop's period until the owner changes it (Resumo). */
export const DEFAULT_WITHDRAWAL_DAYS = 30;
/** The longest period the setting takes: a year is already far beyond any shop's promise. */
export const MAX_WITHDRAWAL_DAYS = 365;
/** The shop refunds within 14 days of the withdrawal's communication (DL 24/2014, art. 12.º, n.º 1). */
export const REFUND_DAYS = 14;

/** What the label says everywhere: the function's name (art. 11.º-A: "desistir do contrato aqui" or equivalent). */
export const WITHDRAW_LABEL = 'Desistir do contrato';
export const CONFIRM_LABEL = 'Confirmar desistência';

/**
 * The exceptions a product can be marked with (DL 24/2014, art. 17.º, n.º 1): the goods' own. Digital content
 * supplied with consent and services fully performed with consent are not marks of a product but facts of
 * an order (the consent), read by `lineWithdrawal`.
 */
export const exemptionLabel = {
  personalised: 'Bem feito segundo as especificações do cliente ou claramente personalizado',
  perishable: 'Bem que se pode deteriorar ou ficar rapidamente fora de prazo',
  sealed_hygiene: 'Bem selado que, por razões de saúde ou de higiene, não pode ser devolvido depois de aberto',
  mixed: 'Bem que, depois de entregue, fica inseparavelmente misturado com outros artigos',
  sealed_media: 'Gravação de áudio ou vídeo ou programa informático selado, depois de retirado o selo',
};
export const EXEMPTION_REASONS = valuesOf(exemptionLabel);
export type ExemptionReason = keyof typeof exemptionLabel;

/** How a line without the right is named to the buyer, on the product page, the checkout and the order. */
export const NO_WITHDRAWAL = 'Sem direito de livre resolução';

/** Why a line of an order is not offered by the withdrawal function. */
export type LineBlock = ExemptionReason | 'digital_with_consent';
export const lineBlockLabel: Record<LineBlock, string> = {
  ...exemptionLabel,
  digital_with_consent: 'Conteúdo digital fornecido com o seu consentimento prévio e expresso (perde o direito de livre resolução)',
};

/** The end (exclusive) of a period of `days` days counted from the day after `start`: the last day counts whole, in Lisbon. */
export const periodEnd = (start: Date, days: number) => lisbonDayStart(calendarDayPlus(lisbonToday(start), days + 1));

/** The order's facts the period counts from. `digitalConsentAt`: when the customer consented to the immediate supply of digital content. */
export type OrderFacts = { status: string; orderDate: Date; paidAt: Date | null; deliveredAt: Date | null; digitalConsentAt: Date | null };
export type LineFacts = { isDigital: boolean; exemption: ExemptionReason | null };

/** A line's right: blocked for good, or open until `until` (null while goods are on their way: the period has not started). */
export type LineWithdrawal = { blocked: LineBlock } | { blocked: null; until: Date | null };

/**
 * The one rule (decision 0040). Goods: from the order's placement until the period after their delivery
 * (art. 10.º, n.º 1, al. b). Digital content and services: the period after the contract (al. a and c), unless the
 * customer consented to immediate supply and the content was supplied (art. 17.º, n.º 1).
 */
export function lineWithdrawal(order: OrderFacts, line: LineFacts, days: number): LineWithdrawal {
  if (line.exemption) return { blocked: line.exemption };
  if (line.isDigital) {
    if (order.digitalConsentAt && order.paidAt) return { blocked: 'digital_with_consent' };
    return { blocked: null, until: periodEnd(order.orderDate, days) };
  }
  return { blocked: null, until: order.deliveredAt ? periodEnd(order.deliveredAt, days) : null };
}

/** Whether a line's period still runs at `now`. */
export const stillOpen = (right: LineWithdrawal, now = new Date()) => right.blocked === null && (right.until === null || now < right.until);

/** The refund's legal deadline: 14 days from the request (art. 12.º, n.º 1), the last day whole. */
export const refundDueBy = (requestedAt: Date) => periodEnd(requestedAt, REFUND_DAYS);

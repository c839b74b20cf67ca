import { z } from 'zod';
import { dateTime, emailAddress } from './common.ts';
import './locale.ts';
import { lisbonToday } from '../dates.ts';
import { messages } from '../messages.ts';
import { isValidIban, normaliseIban } from '../nif.ts';

export const invoicingMessages = {
  notPaid: 'Só uma encomenda paga pode ser reembolsada.',
  refundMethod: 'Escolha como devolve o dinheiro.',
  refundNothing: 'Escolha o que devolver: pelo menos um artigo ou os portes.',
  refundLine: 'Uma das linhas escolhidas não pertence a esta encomenda.',
  refundQuantity: 'Não pode devolver mais unidades de {name} do que as {left} que faltam devolver.',
  refundShipping: 'Os portes desta encomenda já foram devolvidos ou não foram cobrados.',
  refundTooMuch: 'O reembolso não pode ultrapassar o que falta devolver desta encomenda ({amount}).',
  iban: 'Indique um IBAN válido (em Portugal, PT50 seguido de 21 algarismos).',
  transferDate: 'Indique a data da transferência (não pode ser futura).',
  mbwayNotPaidByMbway: 'Esta encomenda não foi paga por MB WAY nem por cartão através da loja: devolva por transferência bancária.',
  mbwayRefundsOff: 'Os reembolsos por MB WAY não estão configurados (IFTHENPAY_BACKOFFICE_KEY): devolva por transferência bancária.',
  mbwayRefused: 'A ifthenpay recusou o reembolso por MB WAY ({reason}). Nada foi devolvido.',
  mbwayUnavailable: 'Não foi possível contactar a ifthenpay. Nada foi devolvido: tente novamente dentro de momentos.',
  refundInProgress: 'Já está a ser feito um reembolso desta encomenda. Aguarde um momento e atualize a página.',
  refundSettled: 'Reembolso registado.',
  refundNotRequested: 'Este reembolso já não está a aguardar a ifthenpay.',
  refundTooRecent: 'O pedido de reembolso ainda pode estar a ser tratado pela ifthenpay. Aguarde dois minutos e tente de novo.',
  refundNotFound: 'Reembolso não encontrado.',
  refundOutcome: 'Diga se a ifthenpay devolveu o dinheiro ou não.',
  noInvoicing: 'Nenhum serviço de faturação está configurado (INVOICING): emita este documento no seu programa de faturação.',
  notPending: 'Este documento não está por emitir.',
  retryQueued: 'Vamos tentar emitir o documento de novo.',
  documentNotFound: 'Documento não encontrado.',
  pdfNotReady: 'O PDF do documento ainda está a ser preparado. Tente daqui a um minuto.',
  pdfRefused: 'O serviço de faturação indicou um endereço inválido para o PDF deste documento. Tente mais tarde ou peça-o à loja.',
  documentNumber: 'Indique o número da fatura que emitiu (até 60 caracteres), por exemplo FR 2026/12.',
  issuedElsewhere: 'Fatura registada como emitida. O cliente vê o número na página da encomenda.',
  providerIssues: 'As faturas desta loja são emitidas pelo serviço de faturação (INVOICING): use «Tentar de novo».',
  notInvoiceable: 'Só uma encomenda paga e ainda sem fatura pode ser marcada como faturada.',
} as const;

/**
 * A fiscal document as the order pages show it: "Fatura-recibo FR A/12" and its PDF, a path under the API; no
 * PDF for an invoice the owner issued in her own program (she gives only its number).
 */
export const fiscalDocument = z.object({ id: z.number().int(), label: z.string(), number: z.string(), pdf_url: z.string().nullable() });
export type FiscalDocument = z.infer<typeof fiscalDocument>;

export const REFUND_METHODS = ['mbway', 'transfer'] as const;
export const refundMethodLabel: Record<(typeof REFUND_METHODS)[number], string> = { mbway: 'MB WAY', transfer: 'Transferência bancária' };

/** A refund of an order: lines (item and quantity), shipping, how, and its credit note once issued. */
export const refund = z.object({
  id: z.number().int(),
  amount: z.number(),
  shipping: z.number(),
  method: z.enum(REFUND_METHODS),
  status: z.enum(['requested', 'settled']),
  created_at: dateTime,
  lines: z.array(z.object({ item_id: z.number().int(), quantity: z.number().int() })),
  /** Only to admins: the transfer's IBAN, date and her note. */
  iban: z.string().nullable().optional(),
  transferred_on: z.string().nullable().optional(),
  note: z.string().nullable().optional(),
  credit_note: fiscalDocument.nullable(),
  /** Only to admins: why the credit note is not issued yet. */
  credit_note_error: z.string().nullable().optional(),
});
export type Refund = z.infer<typeof refund>;


/** A refund's way back: by transfer, the customer's IBAN and the day it was made (not in the future) are required. */
type RefundWay = { method: string; iban?: string | null | undefined; transferred_on?: string | null | undefined };

/** The checks of a refund made by transfer, for every refund body (an order's, a withdrawal's). */
export function checkTransfer(v: RefundWay, ctx: z.RefinementCtx) {
  if (v.method !== 'transfer') return;
  if (!v.iban || !isValidIban(v.iban)) ctx.addIssue({ code: 'custom', path: ['iban'], message: invoicingMessages.iban });
  const date = v.transferred_on ?? '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date)) || date > lisbonToday()) {
    ctx.addIssue({ code: 'custom', path: ['transferred_on'], message: invoicingMessages.transferDate });
  }
}

/** The body with the transfer's IBAN normalised, and no IBAN or date unless it went by transfer. */
export const withTransfer = <T extends RefundWay>(v: T) => ({
  ...v,
  iban: v.method === 'transfer' && v.iban ? normaliseIban(v.iban) : null,
  transferred_on: v.method === 'transfer' ? (v.transferred_on ?? null) : null,
});

/** The owner settles a refund: what goes back (lines, shipping) and how (MB WAY through the gateway, or her transfer). */
export const refundBody = z
  .object({
    method: z.enum(REFUND_METHODS, { error: invoicingMessages.refundMethod }),
    lines: z
      .array(z.object({ item_id: z.number().int().positive(), quantity: z.number().int().min(0).max(999) }))
      .max(200)
      .default([])
      .transform((lines) => lines.filter((l) => l.quantity > 0)),
    shipping: z.boolean().default(false),
    iban: z.string().trim().max(50, { error: invoicingMessages.iban }).optional(),
    transferred_on: z.string().trim().max(10).optional(),
    note: z.string().trim().max(500, { error: messages.tooLong }).optional().transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    if (!v.lines.length && !v.shipping) ctx.addIssue({ code: 'custom', path: ['lines'], message: invoicingMessages.refundNothing });
    checkTransfer(v, ctx);
  })
  .transform(withTransfer);

/**
 * The owner resolves an MB WAY refund left 'requested' (the process stopped between ifthenpay's answer and
 * the recording), after checking ifthenpay's back office: the money went back, or it did not.
 */
export const REFUND_OUTCOMES = ['settled', 'cancelled'] as const;
export const resolveRefundBody = z.object({ outcome: z.enum(REFUND_OUTCOMES, { error: invoicingMessages.refundOutcome }) });
export type ResolveRefundBody = z.infer<typeof resolveRefundBody>;

/** A paid order without its invoice-receipt, or a refund without its credit note ("Faturas por emitir"). */
export const pendingDocument = z.object({
  kind: z.enum(['invoice_receipt', 'credit_note']),
  order_id: z.number().int(),
  refund_id: z.number().int().nullable(),
  email: emailAddress,
  /** Who the invoice is made out to, as the order gives it: the name of its address, NIF and company, the address. */
  name: z.string(),
  nif: z.string().nullable(),
  company: z.string().nullable(),
  address: z.string(),
  amount: z.number(),
  since: z.string(),
  /** The provider's last word; null when no provider is configured. */
  error: z.string().nullable(),
});
export const pendingDocuments = z.object({ provider: z.string(), documents: z.array(pendingDocument) });
export type PendingDocuments = z.infer<typeof pendingDocuments>;

/** "Marcar como emitida": the number of the invoice the owner issued in her own program (no provider configured). */
export const issuedElsewhereBody = z.object({
  number: z.string({ error: invoicingMessages.documentNumber }).trim().min(1, { error: invoicingMessages.documentNumber }).max(60, { error: invoicingMessages.documentNumber }),
});
export type IssuedElsewhereBody = z.infer<typeof issuedElsewhereBody>;

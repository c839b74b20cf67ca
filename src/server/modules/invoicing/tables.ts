import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders, refunds } from '../orders/tables.ts';

/**
 * The fiscal documents the invoicing provider issued for an order: its invoice-receipt (fatura-recibo) and
 * a credit note (nota de crédito) per refund. A row is written as soon as the provider answers the draft's
 * id, before it is finalised, so a retry finishes that draft instead of creating another; `number` is set
 * once the provider finalised it. One invoice per order, one credit note per refund (unique indexes).
 */
/** The `provider` of an invoice the owner issued in her own program ("Marcar como emitida"): its number only. */
export const ISSUED_ELSEWHERE = 'manual';

export const fiscalDocuments = pgTable(
  'fiscal_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    refundId: integer('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['invoice_receipt', 'credit_note'] }).notNull(),
    provider: text('provider').notNull(),
    providerId: text('provider_id').notNull(),
    // "FR 2026/12": the document's number once finalised; null while it is a draft.
    number: text('number'),
    pdfUrl: text('pdf_url'),
    totalCents: integer('total_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finalisedAt: timestamp('finalised_at', { withTimezone: true }),
    // When the customer was mailed the document: once, however often the job runs.
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('fiscal_documents_invoice_key').on(t.orderId).where(sql`${t.kind} = 'invoice_receipt'`),
    uniqueIndex('fiscal_documents_credit_note_key').on(t.refundId).where(sql`${t.kind} = 'credit_note'`),
    index('fiscal_documents_order_idx').on(t.orderId),
  ],
);

import { countryName } from '#shared/countries.ts';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { lisbonDayStart, lisbonTime, lisbonToday, nextCalendarDay } from '#shared/dates.ts';
import { manualPaymentLabel, orderStatusLabel, paymentMethodLabel } from '#shared/orders.ts';
import { ART53_REASON, ART53_TEXT, type VatExemptionReason, VAT_RATE_TABLE, vatIn } from '#shared/vat.ts';
import { VAT_EXEMPTION_REASONS } from '#shared/vat-labels.ts';
import type { OrderExportQuery } from '#shared/schemas/exports.ts';
import { refundMethodLabel } from '#shared/schemas/invoicing.ts';
import type { Db } from '../../db/client.ts';
import { groupBy } from '../../db/group-by.ts';
import { csvCents, csvCount, type CsvCell } from '../../platform/csv.ts';
import { refundDate } from './figures.ts';
import * as follow from './followers.ts';
import { storedVatOf } from './order-records.ts';
import { orderItems, orders, refunds } from './tables.ts';

/** Every rate of the law's table, highest first: each has its column (decision 0053). */
const EXPORT_RATES = [...new Set(VAT_RATE_TABLE.flatMap((r) => [r.normal, r.intermediate, r.reduced]))].sort((a, b) => b - a);

/** The accountant's columns, one line per item sold (issue #17). */
export const ORDER_EXPORT_COLUMNS = [
  'Encomenda',
  'Data',
  'Hora',
  'Estado',
  'Método de pagamento',
  'Pago em',
  'Pago às',
  'Recebido por',
  'Cliente',
  'Empresa',
  'Email',
  'NIF',
  'Produto',
  'Variante',
  'Quantidade',
  'Preço unitário com IVA',
  'Taxa de IVA',
  'Total da linha com IVA',
  'IVA da linha',
  'Portes da encomenda',
  'Total da encomenda com IVA',
  'IVA da encomenda',
  'Total da encomenda sem IVA',
  'Reembolsado',
  'Reembolsado em',
  'Reembolso por',
  'Motivo da isenção de IVA',
  // The order's VAT at each rate of the law's table, one column per rate (decision 0053).
  ...EXPORT_RATES.map((rate) => `IVA da encomenda a ${rate}%`),
  // The discount code it was sold with and what it took off the goods (decision 0054; free shipping: 'Portes da encomenda' is 0).
  // The address's country (decision 0055), beside the VAT: the distance sales to other EU countries are read from it.
  'País',
  'Código de desconto',
  'Desconto da encomenda',
] as const;

/** Orders read per round trip: the export holds one batch in memory at a time. */
const BATCH = 500;

/** The customer's name as the checkout writes the address ("Nome, Morada, Cidade, 0000-000, País"). */
const nameOf = (shippingAddress: string) => shippingAddress.split(',', 1)[0]?.trim() ?? '';

/** Why a line carries no VAT, in words: the art. 53.º regime's, or the exempt product's own AT code. */
function exemptionText(reason: string | null) {
  if (!reason) return '';
  if (reason === ART53_REASON) return `${ART53_REASON} – ${ART53_TEXT}`;
  const words = VAT_EXEMPTION_REASONS[reason as VatExemptionReason] as string | undefined;
  return words ? `${reason} – ${words}` : reason;
}

/** The order's VAT at each rate of the table, from the rates its lines and shipping kept. */
function vatByRate(order: typeof orders.$inferSelect, items: (typeof orderItems.$inferSelect)[]) {
  const lines = storedVatOf(order, items);
  return EXPORT_RATES.map((rate) => {
    const line = lines.find((l) => l.rate === rate);
    return line ? csvCents(line.taxCents) : '';
  });
}

/**
 * A date and a time in cells of their own, `2026-11-26` and `04:23` (Lisbon): ISO dates are read as dates by
 * Excel and LibreOffice in any locale, and sort as dates even where a cell is read as text (decision 0036).
 */
const dateAndTime = (instant: Date | null | undefined): [string, string] => (instant ? [lisbonToday(instant), lisbonTime(instant)] : ['', '']);

/** What went back of each of these orders (settled refunds): how much, the last day it left, and how. */
async function refundsOf(db: Db, orderIds: number[]) {
  const rows = await db
    .select({
      orderId: refunds.orderId,
      cents: sql<number>`sum(${refunds.amountCents})`,
      lastAt: sql<string>`max(${refundDate})`,
      methods: sql<string[]>`array_agg(distinct ${refunds.method})`,
    })
    .from(refunds)
    .where(and(inArray(refunds.orderId, orderIds), eq(refunds.status, 'settled')))
    .groupBy(refunds.orderId);
  return new Map(
    rows.map((r) => [
      r.orderId,
      { cents: Number(r.cents), lastAt: new Date(r.lastAt), methods: r.methods.map((m) => refundMethodLabel[m as keyof typeof refundMethodLabel]).sort().join(', ') },
    ]),
  );
}

/**
 * The lines of the orders placed on the days `query` names (Lisbon time, both days included), oldest first,
 * read in batches by (date, id) on their index.
 */
export async function* orderExportRows(db: Db, query: OrderExportQuery): AsyncGenerator<CsvCell[]> {
  const from = lisbonDayStart(query.from);
  const until = lisbonDayStart(nextCalendarDay(query.to));
  // The last order sent: the next batch starts after its (date, id), compared in the database (a JS Date
  // would drop the microseconds PostgreSQL keeps, and the batch would start again at the same order).
  let after: number | undefined;
  for (;;) {
    const batch = await db
      .select()
      .from(orders)
      .where(
        and(
          gte(orders.orderDate, from),
          lt(orders.orderDate, until),
          after === undefined ? undefined : sql`(${orders.orderDate}, ${orders.id}) > (SELECT o.order_date, o.id FROM orders o WHERE o.id = ${after})`,
        ),
      )
      .orderBy(asc(orders.orderDate), asc(orders.id))
      .limit(BATCH);
    if (!batch.length) return;
    const items = await db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          batch.map((order) => order.id),
        ),
      )
      .orderBy(asc(orderItems.id));
    const itemsOf = groupBy(items, (item) => item.orderId);
    const ids = batch.map((order) => order.id);
    const [gatewayPaid, given] = await Promise.all([follow.payments().firstPaid(db, ids), refundsOf(db, ids)]);
    for (const order of batch) {
      // A payment the gateway took on an order cancelled before it arrived: the order has no payment date, the payment has.
      const payment = gatewayPaid.get(order.id);
      const paidAt = order.paidAt ?? payment?.paidAt;
      const receivedBy = order.paidMethod ? manualPaymentLabel[order.paidMethod] : payment ? paymentMethodLabel[payment.method] : '';
      const refunded = given.get(order.id);
      const common: CsvCell[] = [
        csvCount(order.id),
        ...dateAndTime(order.orderDate),
        orderStatusLabel[order.status],
        paymentMethodLabel[order.paymentMethod],
        ...dateAndTime(paidAt),
        receivedBy,
        nameOf(order.shippingAddress),
        order.company ?? '',
        order.email,
        order.nif ?? '',
      ];
      const totals = [
        csvCents(order.shippingCents),
        csvCents(order.totalWithTaxCents),
        csvCents(order.totalTaxCents),
        csvCents(order.totalWithoutTaxCents),
        refunded ? csvCents(refunded.cents) : '',
        refunded ? lisbonToday(refunded.lastAt) : '',
        refunded?.methods ?? '',
      ];
      const own = itemsOf.get(order.id) ?? [];
      const byRate = vatByRate(order, own);
      for (const item of own) {
        const lineCents = item.unitPriceCents * item.quantity;
        yield [
          ...common,
          item.productName,
          item.variantName ?? '',
          csvCount(item.quantity),
          csvCents(item.unitPriceCents),
          item.vatRate ? `${item.vatRate}%` : 'Isento',
          csvCents(lineCents),
          csvCents(vatIn(lineCents, item.vatRate)),
          ...totals,
          exemptionText(item.vatExemptionReason),
          ...byRate,
          countryName(order.country),
          order.discountCode ?? '',
          order.discountCode ? csvCents(order.discountCents) : '',
        ];
      }
    }
    after = (batch[batch.length - 1] as (typeof batch)[number]).id;
  }
}

import { and, asc, gte, inArray, lt, sql } from 'drizzle-orm';
import { formatDateTime, lisbonDayStart, nextCalendarDay } from '#shared/dates.ts';
import { VAT_RATE, vatIncluded } from '#shared/money.ts';
import { manualPaymentLabel, orderStatusLabel, paymentMethodLabel } from '#shared/orders.ts';
import type { OrderExportQuery } from '#shared/schemas/exports.ts';
import type { Db } from '../../db/client.ts';
import { groupBy } from '../../db/group-by.ts';
import { csvCents, csvCount, type CsvCell } from '../../platform/csv.ts';
import { orderItems, orders } from './tables.ts';

/** The accountant's columns, one line per item sold (issue #17). */
export const ORDER_EXPORT_COLUMNS = [
  'Encomenda',
  'Data',
  'Estado',
  'Método de pagamento',
  'Pago em',
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
] as const;

/** Orders read per round trip: the export holds one batch in memory at a time. */
const BATCH = 500;

/** The customer's name as the checkout writes the address ("Nome, Morada, Cidade, 0000-000, País"). */
const nameOf = (shippingAddress: string) => shippingAddress.split(',', 1)[0]?.trim() ?? '';

const VAT_PERCENT = `${Math.round(VAT_RATE * 100)}%`;

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
    for (const order of batch) {
      const common: CsvCell[] = [
        csvCount(order.id),
        formatDateTime(order.orderDate.toISOString()),
        orderStatusLabel[order.status],
        paymentMethodLabel[order.paymentMethod],
        order.paidAt ? formatDateTime(order.paidAt.toISOString()) : '',
        order.paidMethod ? manualPaymentLabel[order.paidMethod] : '',
        nameOf(order.shippingAddress),
        order.company ?? '',
        order.email,
        order.nif ?? '',
      ];
      const totals = [csvCents(order.shippingCents), csvCents(order.totalWithTaxCents), csvCents(order.totalTaxCents), csvCents(order.totalWithoutTaxCents)];
      for (const item of itemsOf.get(order.id) ?? []) {
        const lineCents = item.unitPriceCents * item.quantity;
        yield [
          ...common,
          item.productName,
          item.variantName ?? '',
          csvCount(item.quantity),
          csvCents(item.unitPriceCents),
          VAT_PERCENT,
          csvCents(lineCents),
          csvCents(vatIncluded(lineCents)),
          ...totals,
        ];
      }
    }
    after = (batch[batch.length - 1] as (typeof batch)[number]).id;
  }
}

import { eq } from 'drizzle-orm';
import { calendarDayPlus, lisbonDays, lisbonToday } from '#shared/dates.ts';
import { DEFAULT_LOW_STOCK, type Overview, type Takings } from '#shared/schemas/overview.ts';
import type { Db, Tx } from '../../db/client.ts';
import { recordChange } from '../audit/audit.ts';
import { lowStock } from '../catalog/low-stock.ts';
import { awaitingPayment, bestSellers, invoicesWaiting, ordersByStatus, refundsDue, takingsByDay, takingsIn } from '../orders/figures.ts';
import { gatewayPayments, mbwayRequests } from '../payments/figures.ts';
import { overviewSettings } from './tables.ts';

/** The stock level the owner calls low (the row is made by the migration; the default if it ever went). */
async function lowStockThreshold(db: Tx): Promise<number> {
  const [row] = await db.select({ threshold: overviewSettings.lowStockThreshold }).from(overviewSettings).where(eq(overviewSettings.id, 1));
  return row?.threshold ?? DEFAULT_LOW_STOCK;
}

/** Keeps the stock level the owner calls low. */
export async function setLowStockThreshold(db: Db, threshold: number) {
  await db.transaction(async (tx) => {
    const before = await lowStockThreshold(tx);
    await tx
      .insert(overviewSettings)
      .values({ id: 1, lowStockThreshold: threshold })
      .onConflictDoUpdate({ target: overviewSettings.id, set: { lowStockThreshold: threshold, updatedAt: new Date() } });
    await recordChange(tx, { entity: 'settings', entityId: 'stock-baixo', action: 'update', before: { lowStockThreshold: before }, after: { lowStockThreshold: threshold } });
  });
}

/**
 * The owner's overview: takings today and over the last 7 and 30 days against the periods before, the
 * chosen period (`days`, ending today) day by day, and what needs her: payments awaited, refunds owed,
 * invoices not issued, stock running low. Lisbon days throughout.
 */
export async function overview(db: Db, options: { days: number; withInvoicing: boolean; now?: Date }): Promise<Overview> {
  const today = lisbonToday(options.now);
  const last = (days: number, before = 0) => lisbonDays(calendarDayPlus(today, 1 - days - before), days);
  const firstDay = calendarDayPlus(today, 1 - options.days);
  const period = lisbonDays(firstDay, options.days);
  const [takings, days, byStatus, awaiting, mbway, refunds, invoices, low, best] = await Promise.all([
    takingsIn(db, [last(1), last(1, 1), last(7), last(7, 7), last(30), last(30, 30)], gatewayPayments(db)),
    takingsByDay(db, firstDay, options.days),
    ordersByStatus(db, period),
    awaitingPayment(db),
    mbwayRequests(db, period),
    refundsDue(db),
    invoicesWaiting(db, options.withInvoicing),
    lowStockThreshold(db).then(async (threshold) => ({ threshold, items: await lowStock(db, threshold) })),
    bestSellers(db, period),
  ]);
  const [today1, yesterday, week, weekBefore, month, monthBefore] = takings as [Takings, Takings, Takings, Takings, Takings, Takings];
  return {
    takings: { today: { current: today1, previous: yesterday }, week: { current: week, previous: weekBefore }, month: { current: month, previous: monthBefore } },
    days,
    byStatus,
    awaitingPayment: awaiting,
    mbway,
    refundsDue: refunds,
    invoicesWaiting: invoices,
    lowStock: low,
    bestSellers: best,
  };
}

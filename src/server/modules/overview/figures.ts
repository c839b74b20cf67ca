import { calendarDayPlus, lisbonDays, lisbonToday } from '#shared/dates.ts';
import type { Overview, Takings } from '#shared/schemas/overview.ts';
import type { Db } from '../../db/client.ts';
import { lowStock } from '../catalog/low-stock.ts';
import { awaitingPayment, bestSellers, discountsGiven, invoicesWaiting, ordersByStatus, refundsDue, takingsByDay, takingsIn } from '../orders/figures.ts';
import { gatewayPayments, mbwayRequests, recoveredOrders } from '../payments/figures.ts';
import { waitingWithdrawals } from '../withdrawals/admin.ts';
import { turnoverMeterOf } from '../tax/meter.ts';
import { distanceMeterOf } from '../tax/distance-sales.ts';
import { zoneCountries } from '../shipping/zones.ts';
import { ownerSettings } from './settings.ts';

/**
 * The owner's overview: takings today and over the last 7 and 30 days against the periods before, the
 * chosen period (`days`, ending today) day by day, and what needs her: payments awaited, refunds owed,
 * invoices not issued, stock running low. Lisbon days throughout.
 */
export async function overview(db: Db, options: { days: number; withInvoicing: boolean; ownerMailTo: string; now?: Date }): Promise<Overview> {
  const today = lisbonToday(options.now);
  const last = (days: number, before = 0) => lisbonDays(calendarDayPlus(today, 1 - days - before), days);
  const firstDay = calendarDayPlus(today, 1 - options.days);
  const period = lisbonDays(firstDay, options.days);
  const settings = await ownerSettings(db);
  const [takings, days, byStatus, awaiting, recovered, mbway, refunds, invoices, low, best, withdrawals, meter, discounts] = await Promise.all([
    takingsIn(db, [last(1), last(1, 1), last(7), last(7, 7), last(30), last(30, 30)], gatewayPayments(db)),
    takingsByDay(db, firstDay, options.days),
    ordersByStatus(db, period),
    awaitingPayment(db),
    recoveredOrders(db, period),
    mbwayRequests(db, period),
    refundsDue(db),
    invoicesWaiting(db, options.withInvoicing),
    lowStock(db, settings.lowStockThreshold).then((items) => ({ threshold: settings.lowStockThreshold, items })),
    bestSellers(db, period),
    waitingWithdrawals(db, options.now),
    turnoverMeterOf(db, options.now),
    discountsGiven(db, period),
  ]);
  const distance = await distanceMeterOf(db, (await zoneCountries(db)).length > 0, options.now);
  const [today1, yesterday, week, weekBefore, month, monthBefore] = takings as [Takings, Takings, Takings, Takings, Takings, Takings];
  return {
    takings: { today: { current: today1, previous: yesterday }, week: { current: week, previous: weekBefore }, month: { current: month, previous: monthBefore } },
    days,
    byStatus,
    awaitingPayment: awaiting,
    recovered,
    mbway,
    refundsDue: refunds,
    invoicesWaiting: invoices,
    lowStock: low,
    ownerMail: { newOrders: settings.mailNewOrders, to: options.ownerMailTo },
    withdrawals: { periodDays: settings.withdrawalDays, ...withdrawals },
    bestSellers: best,
    vat: { exempt: meter !== null, meter, ...(distance ? { distance } : {}) },
    discounts,
  };
}

import { sql } from 'drizzle-orm';
import { lisbonToday } from '#shared/dates.ts';
import { DISTANCE_SALES_LIMIT_CENTS, distanceLevel, distanceLimitReached, distanceMessage, type DistanceSalesMeter } from '#shared/schemas/distance-sales.ts';
import type { Db, Tx } from '../../db/client.ts';
import { distanceSalesInYear } from '../orders/figures.ts';

/* The EU distance-sales threshold (decision 0055): Portuguese VAT up to 10 000 € a year, the shop's limit too. */

const yearOf = (now: Date) => Number(lisbonToday(now).slice(0, 4));

/** Resumo's meter: this year's and last year's sales to other EU countries against 10 000 €; null when there are none and no zone abroad. */
export async function distanceMeterOf(db: Db, sellsAbroad: boolean, now = new Date()): Promise<DistanceSalesMeter | null> {
  const year = yearOf(now);
  const [soldCents, previousYearCents] = await Promise.all([distanceSalesInYear(db, year), distanceSalesInYear(db, year - 1)]);
  if (!sellsAbroad && soldCents === 0 && previousYearCents === 0) return null;
  const level = distanceLevel(soldCents, previousYearCents);
  return { year, soldCents, previousYearCents, limitCents: DISTANCE_SALES_LIMIT_CENTS, level, message: distanceMessage(level, soldCents, previousYearCents, year) };
}

/**
 * Why a sale of this amount (VAT excluded) to another EU country can no longer carry Portuguese VAT, or null: it
 * may while the year's sales with it do not pass 10 000 € and last year's did not (Directive 2006/112/CE art.
 * 59.º-C, n.º 1: the sale that passes the threshold is already taxed where it arrives). With `lock`, one such
 * checkout at a time, so two cannot pass the threshold together.
 */
export async function distanceSaleRefusal(tx: Tx, netCents: number, { lock = false, now = new Date() } = {}): Promise<string | null> {
  if (lock) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('distance-sales'))`);
  const year = yearOf(now);
  // One statement at a time inside a transaction (decision 0050).
  const soldCents = await distanceSalesInYear(tx, year);
  const previousYearCents = await distanceSalesInYear(tx, year - 1);
  return soldCents + netCents > DISTANCE_SALES_LIMIT_CENTS || previousYearCents > DISTANCE_SALES_LIMIT_CENTS ? distanceLimitReached : null;
}

import { lisbonToday } from '#shared/dates.ts';
import { ART53_CEILING_CENTS, ART53_LIMIT_CENTS, type TurnoverMeter, turnoverLevel, turnoverMessage } from '#shared/schemas/tax.ts';
import type { Db } from '../../db/client.ts';
import { invoicedInYear } from '../orders/figures.ts';
import { vatSettingOn } from './settings.ts';

/**
 * The Resumo's meter for a shop under the art. 53.º exemption today: this calendar year's invoiced total against
 * 15 000 € and 18 750 €, and what the law then requires (decision 0053). Null for a shop in the normal regime.
 */
export async function turnoverMeterOf(db: Db, now = new Date()): Promise<TurnoverMeter | null> {
  const today = lisbonToday(now);
  if ((await vatSettingOn(db, today)).regime !== 'exempt_art53') return null;
  const year = Number(today.slice(0, 4));
  const invoicedCents = await invoicedInYear(db, year);
  const level = turnoverLevel(invoicedCents);
  return { year, invoicedCents, limitCents: ART53_LIMIT_CENTS, ceilingCents: ART53_CEILING_CENTS, level, message: turnoverMessage(level, invoicedCents, year) };
}

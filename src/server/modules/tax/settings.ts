import { asc, desc, gt, lte } from 'drizzle-orm';
import { lisbonToday } from '#shared/dates.ts';
import { taxMessages, type TaxSettingBody, type TaxSettings } from '#shared/schemas/tax.ts';
import { ratesOn, type VatCategory, vatRateFor, type VatSetting } from '#shared/vat.ts';
import type { Db, Tx } from '../../db/client.ts';
import { invalid } from '../../platform/errors.ts';
import { recordChange } from '../audit/audit.ts';
import { bumpCatalogVersion } from '../catalog/catalog-freshness.ts';
import { taxSettings } from './tables.ts';

/** A fresh shop: the mainland's normal regime, as the spec's one rate of 23 % (storefront.md §9). */
const FRESH: VatSetting & { validFrom: string } = { regime: 'normal', region: 'continente', validFrom: '2000-01-01' };

/** The shop's regime and region in force on a Lisbon day: the latest row from on or before it (decision 0053). */
export async function vatSettingOn(db: Db | Tx, day: string): Promise<VatSetting & { validFrom: string }> {
  const [row] = await db
    .select({ regime: taxSettings.regime, region: taxSettings.region, validFrom: taxSettings.validFrom })
    .from(taxSettings)
    .where(lte(taxSettings.validFrom, day))
    .orderBy(desc(taxSettings.validFrom), desc(taxSettings.id))
    .limit(1);
  return row ?? FRESH;
}

/** How VAT applies to a sale made now: each line's rate from its category, shipping's (always normal), the exemption. */
export type SaleVat = VatSetting & { day: string; rateOf: (category: VatCategory) => number; shippingRate: number; exempt: boolean };

export async function saleVat(db: Db | Tx, now = new Date()): Promise<SaleVat> {
  const day = lisbonToday(now);
  const setting = await vatSettingOn(db, day);
  const rateOf = (category: VatCategory) => vatRateFor(setting, category, day);
  return { regime: setting.regime, region: setting.region, day, rateOf, shippingRate: rateOf('normal'), exempt: setting.regime === 'exempt_art53' };
}

/** GET /settings/tax: what applies today, what is scheduled after it, and today's rates of the region. */
export async function taxSettingsView(db: Db, now = new Date()): Promise<TaxSettings> {
  const day = lisbonToday(now);
  const current = await vatSettingOn(db, day);
  const later = await db.select().from(taxSettings).where(gt(taxSettings.validFrom, day)).orderBy(asc(taxSettings.validFrom), asc(taxSettings.id));
  // A day set twice counts its last row.
  const scheduled = [...new Map(later.map((r) => [r.validFrom, { regime: r.regime, region: r.region, valid_from: r.validFrom }])).values()];
  const { normal, intermediate, reduced } = ratesOn(current.region, day);
  return { regime: current.regime, region: current.region, valid_from: current.validFrom, scheduled, rates: { normal, intermediate, reduced } };
}

/**
 * PUT /settings/tax: a regime and region from a day on, today or later (an order already sold keeps what it was
 * sold under, so the past is not rewritten). A new row, audited; the shop's pages give way when it applies today.
 */
export async function saveTaxSetting(db: Db, body: TaxSettingBody, userId: number | null, now = new Date()): Promise<TaxSettings> {
  const today = lisbonToday(now);
  if (body.valid_from < today) throw invalid(taxMessages.past, { valid_from: taxMessages.past });
  await db.transaction(async (tx) => {
    const before = await vatSettingOn(tx, body.valid_from);
    if (before.regime === body.regime && before.region === body.region && !(await laterRows(tx, body.valid_from))) {
      throw invalid(taxMessages.unchanged, { regime: taxMessages.unchanged });
    }
    await tx.insert(taxSettings).values({ regime: body.regime, region: body.region, validFrom: body.valid_from, createdBy: userId });
    await recordChange(tx, {
      entity: 'settings',
      entityId: 'iva',
      action: 'update',
      before: { regime: before.regime, region: before.region, validFrom: before.validFrom },
      after: { regime: body.regime, region: body.region, validFrom: body.valid_from },
    });
    if (body.valid_from === today) await bumpCatalogVersion(tx);
  });
  return taxSettingsView(db, now);
}

const laterRows = async (tx: Tx, day: string) => (await tx.select({ id: taxSettings.id }).from(taxSettings).where(gt(taxSettings.validFrom, day)).limit(1)).length > 0;

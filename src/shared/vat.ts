/* VAT (IVA): the shop's regime and region, each product's category, and the rates of the law (decision 0053). */

export const VAT_REGIMES = ['normal', 'exempt_art53'] as const;
export type VatRegime = (typeof VAT_REGIMES)[number];
export const VAT_REGIONS = ['continente', 'madeira', 'acores'] as const;
export type VatRegion = (typeof VAT_REGIONS)[number];
export const VAT_CATEGORIES = ['normal', 'intermediate', 'reduced', 'exempt'] as const;
export type VatCategory = (typeof VAT_CATEGORIES)[number];

/**
 * The AT's codes of the reasons a line carries no VAT that a shop of goods may meet (Portaria n.º 195/2020, the
 * SAF-T's TaxExemptionCode; their words in vat-labels.ts). M10, the small business's, is set by the shop's regime.
 */
export const VAT_EXEMPTION_CODES = ['M01', 'M07', 'M16', 'M19', 'M26', 'M99'] as const;
export type VatExemptionReason = (typeof VAT_EXEMPTION_CODES)[number];

/** The small business's exemption: the AT's code, and the words the law asks for where VAT would be (art. 53.º). */
export const ART53_REASON = 'M10';
export const ART53_TEXT = 'IVA – regime de isenção (art. 53.º do CIVA)';

type RateRow = { region: VatRegion; validFrom: string; normal: number; intermediate: number; reduced: number };

/**
 * The rates in percent, from the day each applies (YYYY-MM-DD, Lisbon). A State Budget that changes a rate is
 * a new row; orders keep the rate they were sold at (order_items.vat_rate), so old rows only matter to old days.
 * Sources in decision 0053: CIVA art. 18.º n.º 1 (mainland); Lei n.º 14-A/2012 (Madeira); DLR n.º 15-A/2021/A
 * (Açores), as the AT's Ofício Circulado n.º 25045/2024 lists them.
 */
export const VAT_RATE_TABLE: readonly RateRow[] = [
  { region: 'continente', validFrom: '2011-01-01', normal: 23, intermediate: 13, reduced: 6 },
  { region: 'madeira', validFrom: '2012-04-01', normal: 22, intermediate: 12, reduced: 5 },
  { region: 'acores', validFrom: '2021-07-01', normal: 16, intermediate: 9, reduced: 4 },
];

/** The region's rates in force on a day (the latest row from on or before it); the earliest row before any. */
export function ratesOn(region: VatRegion, day: string, table: readonly RateRow[] = VAT_RATE_TABLE): RateRow {
  const rows = table.filter((r) => r.region === region).sort((a, b) => a.validFrom.localeCompare(b.validFrom));
  const row = rows.filter((r) => r.validFrom <= day).at(-1) ?? rows[0];
  if (!row) throw new Error(`no VAT rates for ${region}`);
  return row;
}

/** The shop's VAT as it stands on a day: its regime and region. */
export type VatSetting = { regime: VatRegime; region: VatRegion };

/** A line's rate in percent: 0 under the art. 53.º exemption or for an exempt product; else its category's in the region. */
export function vatRateFor(setting: VatSetting, category: VatCategory, day: string, table: readonly RateRow[] = VAT_RATE_TABLE): number {
  if (setting.regime === 'exempt_art53' || category === 'exempt') return 0;
  return ratesOn(setting.region, day, table)[category];
}

/** The VAT contained in a VAT-inclusive amount at a rate in percent, rounded half up to the cent (decision 0053). */
export const vatIn = (grossCents: number, ratePercent: number): number => grossCents - Math.round((grossCents * 100) / (100 + ratePercent));

/** 'IVA (23%) incluído' — each rate's line under the totals. */
export const vatLineLabel = (ratePercent: number) => `IVA (${ratePercent}%) incluído`;

import { z } from 'zod';
import './locale.ts';
import type { VatCategory, VatExemptionReason } from '../vat.ts';

// The lists as literals here, not imported: the storefront's product page loads this schema file, and the
// lists' module (vat.ts) would be one more file for it (its bundle is at its ceiling). Checked against vat.ts below.
const CATEGORIES = ['normal', 'intermediate', 'reduced', 'exempt'] as const satisfies readonly VatCategory[];
const CODES = ['M01', 'M07', 'M16', 'M19', 'M26', 'M99'] as const satisfies readonly VatExemptionReason[];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const listsMatch: [Same<(typeof CATEGORIES)[number], VatCategory>, Same<(typeof CODES)[number], VatExemptionReason>] = [true, true];
void listsMatch;

/* A product's and a variant's VAT category on the product form and in its answers (issue #29, decision 0053). */

export const vatFieldMessages = {
  category: 'Escolha a taxa de IVA: normal, intermédia, reduzida ou isento.',
  reason: 'Indique o motivo da isenção de IVA (o código da AT).',
} as const;

const blankToNull = (v: unknown) => (v === '' ? null : v);

/** Product: absent leaves it as it is (the catalogue import does not carry it). Variant: blank or absent is the product's. */
const category = z.enum(CATEGORIES, { error: vatFieldMessages.category });
const reason = z.preprocess(blankToNull, z.enum(CODES, { error: vatFieldMessages.reason }).nullable());

export const productVatFields = { vat_category: category.optional(), vat_exemption_reason: reason.optional() };
export const variantVatFields = { vat_category: z.preprocess(blankToNull, category.nullable()).optional(), vat_exemption_reason: reason.optional() };

type VatInput = { vat_category?: VatCategory | null | undefined; vat_exemption_reason?: VatExemptionReason | null | undefined };

/** An exempt category needs its reason, marked on the reason's field. */
export function vatRules(v: VatInput, issue: (path: string, message: string) => void) {
  if (v.vat_category === 'exempt' && !v.vat_exemption_reason) issue('vat_exemption_reason', vatFieldMessages.reason);
}

/** The columns as stored: a reason only with an exempt category. Absent category: left as it is. */
export const vatColumnsOf = <C extends VatCategory | null>(v: { vat_category?: C | undefined; vat_exemption_reason?: VatExemptionReason | null | undefined }) =>
  v.vat_category === undefined ? {} : { vatCategory: v.vat_category, vatExemptionReason: v.vat_category === 'exempt' ? (v.vat_exemption_reason ?? null) : null };

/** In answers: the category set, the reason when exempt, and the rate it is sold at today (percent). */
export const vatShown = {
  vat_category: z.enum(CATEGORIES).nullable().optional(),
  vat_exemption_reason: z.enum(CODES).nullable().optional(),
  vat_rate: z.number().optional(),
};

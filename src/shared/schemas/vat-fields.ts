import { z } from 'zod';
import './locale.ts';
import { VAT_CATEGORIES, VAT_EXEMPTION_CODES, type VatCategory, type VatExemptionReason } from '../vat.ts';

/* A product's and a variant's VAT category on the product form and in its answers (issue #29, decision 0053). */

export const vatFieldMessages = {
  category: 'Escolha a taxa de IVA: normal, intermédia, reduzida ou isento.',
  reason: 'Indique o motivo da isenção de IVA (o código da AT).',
} as const;

const blankToNull = (v: unknown) => (v === '' ? null : v);

/** Product: absent leaves it as it is (the catalogue import does not carry it). Variant: blank or absent is the product's. */
const category = z.enum(VAT_CATEGORIES, { error: vatFieldMessages.category });
const reason = z.preprocess(blankToNull, z.enum(VAT_EXEMPTION_CODES, { error: vatFieldMessages.reason }).nullable());

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
  vat_category: z.enum(VAT_CATEGORIES).nullable().optional(),
  vat_exemption_reason: z.enum(VAT_EXEMPTION_CODES).nullable().optional(),
  vat_rate: z.number().optional(),
};

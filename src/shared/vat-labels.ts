import type { VatCategory, VatExemptionReason, VatRegime, VatRegion } from './vat.ts';

/* The words of the VAT settings, for the back office, the exports and the invoices (kept out of the storefront's bundle). */

/** Each exemption code's words (Portaria n.º 195/2020). */
export const VAT_EXEMPTION_REASONS = {
  M01: 'Artigo 16.º, n.º 6 do CIVA',
  M07: 'Artigo 9.º do CIVA',
  M16: 'Artigo 14.º do RITI',
  M19: 'Outras isenções temporárias',
  M26: 'Isenção de IVA com direito à dedução no cabaz alimentar',
  M99: 'Não sujeito ou não tributado',
} as const satisfies Record<VatExemptionReason, string>;

export const regimeLabel: Record<VatRegime, string> = { normal: 'Regime normal de IVA', exempt_art53: 'Isenção do art. 53.º do CIVA' };
export const regionLabel: Record<VatRegion, string> = { continente: 'Continente', madeira: 'Madeira', acores: 'Açores' };
export const categoryLabel: Record<VatCategory, string> = { normal: 'Taxa normal', intermediate: 'Taxa intermédia', reduced: 'Taxa reduzida', exempt: 'Isento' };


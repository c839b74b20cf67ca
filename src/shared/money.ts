/** Money is integer cents everywhere; euros appear only at the edges (JSON and screens). */
export type Cents = number;

export const toEuros = (cents: Cents): number => Math.round(cents) / 100;

/** Euros as the API sends them (12.5) to cents (1250), rounded to the cent against float noise (0.1 + 0.2). */
export const toCents = (euros: number): Cents => Math.round(euros * 100);

/** The most a price, a cost or a payment may be: 1 000 000,00 €. */
export const MAX_CENTS: Cents = 100_000_000;

// A price as people in Portugal type it, and as other shops export it. A decimal part has 1 or 2 digits;
// thousands are grouped by 3, with spaces, or with the separator that is not the decimal one.
const PRICE_FORMS = [
  /^(?<whole>\d+)(?:[.,](?<cents>\d{1,2}))?$/, // 12 · 12,5 · 12.50 · 1234,50
  /^(?<whole>\d{1,3}(?: \d{3})+)(?:[.,](?<cents>\d{1,2}))?$/, // 1 234 · 1 234,50 · 1 234.50
  /^(?<whole>\d{1,3}(?:\.\d{3})+),(?<cents>\d{1,2})$/, // 1.234,50
  /^(?<whole>\d{1,3}(?:\.\d{3}){2,})$/, // 1.234.567 (two groups: cannot be decimals)
  /^(?<whole>\d{1,3}(?:,\d{3})+)\.(?<cents>\d{1,2})$/, // 1,234.50
];

/**
 * Euros as typed in a form ("12,50", "12.50", "1 234,50", "1.234,50") or sent in JSON (12.5) to cents.
 * NaN when it is not a price, or when it could be read two ways: "1.234" and "1,234" (a thousand, or one
 * euro and 23.4 cents?), three decimals, a sign, letters, more than 1 000 000 €.
 */
export function parseEuros(value: unknown): Cents {
  if (typeof value === 'number') {
    const cents = Math.round(value * 100);
    const whole = Number.isFinite(value) && value >= 0 && Math.abs(value * 100 - cents) < 1e-6;
    return whole && cents <= MAX_CENTS ? cents : Number.NaN;
  }
  if (typeof value !== 'string') return Number.NaN;
  // Spaces as people type them, and as Intl formats thousands (no-break and narrow no-break spaces).
  const text = value.trim().replace(/[\s\u00a0\u202f]+/g, ' ');
  for (const form of PRICE_FORMS) {
    const groups = form.exec(text)?.groups;
    if (!groups?.whole) continue;
    const cents = Number(groups.whole.replace(/[ .,]/g, '')) * 100 + Number((groups.cents ?? '').padEnd(2, '0'));
    return cents <= MAX_CENTS ? cents : Number.NaN;
  }
  return Number.NaN;
}

/** A typed price as the API takes it ("1.234,50" -> "1234.50"); what is not a price goes as typed, for the server to refuse. */
export function eurosForApi(text: string): string {
  const cents = parseEuros(text);
  return Number.isNaN(cents) ? text.trim() : (cents / 100).toFixed(2);
}

const euroFormat = new Intl.NumberFormat('pt-PT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });

/** `12,50 €` (pt-PT), from cents. A missing price shows 0,00 € (storefront.md §9). */
export const formatCents = (cents: Cents | null | undefined): string => euroFormat.format(toEuros(cents ?? 0));

/** `12,50 €` from euros as the API sends them. */
export const formatEuros = (euros: number | null | undefined): string => euroFormat.format(euros ?? 0);


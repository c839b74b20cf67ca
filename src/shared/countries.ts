/*
 * The countries an address may be in (decision 0055): Portugal, whose zones come from the postcode, and the
 * other member states of the European Union, which the owner groups into her own shipping zones. Sales
 * outside the EU are exports the shop does not handle yet, so no other country can be added to a zone.
 */

/** The EU's member states (ISO 3166-1 alpha-2) with their pt-PT names, in alphabetical order of the name. */
export const EU_COUNTRIES = {
  DE: 'Alemanha',
  AT: 'Áustria',
  BE: 'Bélgica',
  BG: 'Bulgária',
  CZ: 'Chéquia',
  CY: 'Chipre',
  HR: 'Croácia',
  DK: 'Dinamarca',
  SK: 'Eslováquia',
  SI: 'Eslovénia',
  ES: 'Espanha',
  EE: 'Estónia',
  FI: 'Finlândia',
  FR: 'França',
  GR: 'Grécia',
  HU: 'Hungria',
  IE: 'Irlanda',
  IT: 'Itália',
  LV: 'Letónia',
  LT: 'Lituânia',
  LU: 'Luxemburgo',
  MT: 'Malta',
  NL: 'Países Baixos',
  PL: 'Polónia',
  PT: 'Portugal',
  RO: 'Roménia',
  SE: 'Suécia',
} as const;
export type CountryCode = keyof typeof EU_COUNTRIES;

export const isCountryCode = (code: string): code is CountryCode => Object.hasOwn(EU_COUNTRIES, code);
/** The pt-PT name of a country the shop knows, else the code itself (an order kept from before a change of list). */
export const countryName = (code: string) => (isCountryCode(code) ? EU_COUNTRIES[code] : code);

/** The countries a select offers, Portugal first, then by name. */
export const countryOptions = (codes: readonly string[]) =>
  [...new Set(codes)].filter(isCountryCode).sort((a, b) => (a === 'PT' ? -1 : b === 'PT' ? 1 : EU_COUNTRIES[a].localeCompare(EU_COUNTRIES[b], 'pt-PT')));

/** A country as a request sends it: an ISO code in either case, or the spec's literal "Portugal"; null when neither. */
export function countryCodeOf(value: string): string | null {
  const v = value.trim();
  if (v.toLowerCase() === 'portugal') return 'PT';
  return /^[A-Za-z]{2}$/.test(v) ? v.toUpperCase() : null;
}

/**
 * Postcodes per country (decision 0055 names each format's source): Portugal's CTT `0000-000`, Spain's Correos
 * five digits; any other country a lenient check, as the carrier reads the address as written.
 */
const POSTCODE_FORMATS: Partial<Record<CountryCode, { pattern: RegExp; message: string }>> = {
  PT: { pattern: /^\d{4}-\d{3}$/, message: 'O código postal deve ter o formato 0000-000.' },
  ES: { pattern: /^\d{5}$/, message: 'O código postal espanhol tem 5 algarismos (por exemplo 28013).' },
};
const LENIENT_POSTCODE = { pattern: /^[A-Za-z0-9][A-Za-z0-9 -]{0,9}$/, message: 'O código postal tem no máximo 10 letras, algarismos, espaços ou hífenes.' };

/** Why a postcode is not one of this country's, or null when it is. */
export function postcodeProblem(country: string, postcode: string): string | null {
  const format = (isCountryCode(country) && POSTCODE_FORMATS[country]) || LENIENT_POSTCODE;
  return format.pattern.test(postcode.trim()) ? null : format.message;
}

/**
 * Parts of member states that are outside the EU's VAT territory (Directive 2006/112/CE, art. 6.º): a parcel
 * there is an export, which the shop does not handle. By postcode: the Canary Islands (35, 38), Ceuta (51) and
 * Melilla (52); France's overseas departments (97) and collectivities (984 to 989; Monaco's 980 is inside).
 */
const OUTSIDE_VAT_TERRITORY: Partial<Record<CountryCode, RegExp>> = { ES: /^(35|38|51|52)/, FR: /^(97|98[4-9])/ };
export const outsideVatTerritory = (country: string, postcode: string) =>
  isCountryCode(country) && (OUTSIDE_VAT_TERRITORY[country]?.test(postcode.trim()) ?? false);

/** A foreign phone, as the carrier needs it: with the country's calling code (E.164: + and 7 to 15 digits). */
export const phoneWithCallingCode = (phone: string) => {
  const digits = phone.trim().replace(/[\s().-]/g, '').replace(/^00/, '+');
  return /^\+[1-9]\d{6,14}$/.test(digits) ? digits : null;
};
export const foreignPhoneMessage = 'Indique o telefone com o indicativo do país (por exemplo +34 612 345 678).';

/**
 * A Portuguese tax number (NIF, número de contribuinte): nine digits, a first digit (or two) that names a
 * kind of taxpayer, and a mod-11 check digit. Spaces and a leading "PT" are tolerated when typed.
 */
const VALID_PREFIXES = ['1', '2', '3', '45', '5', '6', '70', '71', '72', '74', '75', '77', '78', '79', '8', '90', '91', '98', '99'];

/** The nine digits of a typed NIF, without spaces or a "PT" prefix (not yet checked). */
export const normaliseNif = (typed: string) => typed.replace(/\s+/g, '').replace(/^PT/i, '');

export function isValidNif(typed: string): boolean {
  const nif = normaliseNif(typed);
  if (!/^\d{9}$/.test(nif)) return false;
  if (!VALID_PREFIXES.some((prefix) => nif.startsWith(prefix))) return false;
  const sum = [...nif.slice(0, 8)].reduce((total, digit, i) => total + Number(digit) * (9 - i), 0);
  const remainder = sum % 11;
  const check = remainder < 2 ? 0 : 11 - remainder;
  return check === Number(nif[8]);
}

/** An IBAN as typed (spaces allowed), upper-cased and without spaces. */
export const normaliseIban = (typed: string) => typed.replace(/\s+/g, '').toUpperCase();

/** An IBAN: country, check digits and account, 15 to 34 characters, whose mod-97 check (ISO 13616) is 1. */
export function isValidIban(typed: string): boolean {
  const iban = normaliseIban(typed);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  if (iban.startsWith('PT') && iban.length !== 25) return false;
  const digits = [...`${iban.slice(4)}${iban.slice(0, 4)}`].map((c) => (/\d/.test(c) ? c : String(c.charCodeAt(0) - 55))).join('');
  return [...digits].reduce((remainder, d) => (remainder * 10 + Number(d)) % 97, 0) === 1;
}

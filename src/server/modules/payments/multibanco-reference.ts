/**
 * Multibanco references made offline (the sandbox gateway): the banks' documented check-digit
 * algorithm. The 20 digits entity (5) + sub-entity (3) + seed (4) + amount in cents (8) are weighted
 * from the rightmost digit; the check digits are 98 minus the weighted sum mod 97. The reference is
 * sub-entity + seed + check digits.
 */
const WEIGHTS = [3, 30, 9, 90, 27, 76, 81, 34, 49, 5, 50, 15, 53, 45, 62, 38, 89, 17, 73, 51] as const;

/** Up to 999 999,99 €: the largest amount a reference can carry (8 digits of cents). */
export const MAX_REFERENCE_CENTS = 99_999_999;

export function multibancoReference(entity: string, subEntity: string, seed: string, amountCents: number): string {
  if (!/^\d{5}$/.test(entity)) throw new RangeError('entity must have 5 digits');
  if (!/^\d{3}$/.test(subEntity)) throw new RangeError('sub-entity must have 3 digits');
  if (!/^\d{1,4}$/.test(seed)) throw new RangeError('seed must have 1 to 4 digits');
  if (!Number.isInteger(amountCents) || amountCents < 1 || amountCents > MAX_REFERENCE_CENTS) {
    throw new RangeError('amount must be 1 to 99999999 cents');
  }
  const seed4 = seed.padStart(4, '0');
  const digits = `${entity}${subEntity}${seed4}${String(amountCents).padStart(8, '0')}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    sum += Number(digits[digits.length - 1 - i]) * (WEIGHTS[i] as number);
  }
  const check = 98 - (sum % 97);
  return `${subEntity}${seed4}${String(check).padStart(2, '0')}`;
}

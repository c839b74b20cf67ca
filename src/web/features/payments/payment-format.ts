import { groupMbwayPhone } from '#shared/schemas/mbway-phone.ts';

/** An MB WAY number, grouped for reading: `912 345 678`, `+34 612 345 678`. */
export function groupPhone(phone: string): string {
  const compact = phone.replace(/\s/g, '');
  const grouped = groupMbwayPhone(compact);
  return grouped === compact ? phone : grouped;
}

/** The amount as a customer types it at the ATM: `12,50`. */
export const amountDigits = (euros: number) => euros.toFixed(2).replace('.', ',');

/** `3:07`: minutes and seconds left, never below zero. */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** An order id from the address (`?id=42`), or null when it is not one. */
export function parseOrderId(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/** The query string of a payment screen: the order and, for a guest, the token that opens it. */
export function paymentSearch(orderId: number, token: string | undefined): string {
  const search = new URLSearchParams({ id: String(orderId) });
  if (token) search.set('token', token);
  return search.toString();
}

import { useSyncExternalStore } from 'react';
import { type ShippingZone, zoneOfPostalCode } from '#shared/shipping.ts';

/*
 * The customer's postcode once she typed it at the checkout (this browser, local storage): the cart drawer's
 * "Faltam … para portes grátis" then speaks of her zone's threshold, the mainland's until then (decision 0046).
 */
const KEY = 'shipping-postal-code';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Keeps the checkout's complete postcode (or forgets nothing when it is being retyped). */
export function rememberPostalCode(postalCode: string | null) {
  if (!postalCode || postalCode === read()) return;
  try {
    localStorage.setItem(KEY, postalCode);
  } catch {
    // Storage refused: the drawer speaks of the mainland, as before.
  }
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The zone of the postcode she gave, or the mainland's until she gave one. */
export function useShippingZone(): ShippingZone {
  const postalCode = useSyncExternalStore(subscribe, read, () => null);
  return (postalCode && zoneOfPostalCode(postalCode)) || 'continente';
}

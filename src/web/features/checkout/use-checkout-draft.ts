import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { checkoutFields, type CheckoutFormInput } from './checkout-form.ts';

/**
 * What the customer typed at checkout, kept for this tab (session storage) so a reload — a phone reloads the
 * page when she comes back from her bank's app — gives her form back. The payment data stays out: the MB WAY
 * number is never stored.
 */
const DRAFT_KEY = 'checkout-draft';
const KEPT = checkoutFields.filter((name) => name !== 'payment_method');
type Kept = (typeof KEPT)[number];

function readDraft(): Partial<Record<Kept, string>> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(KEPT.flatMap((name) => {
      const value = (parsed as Record<string, unknown>)[name];
      return typeof value === 'string' && value.length <= 500 ? [[name, value]] : [];
    }));
  } catch {
    return {};
  }
}

function writeDraft(values: Partial<CheckoutFormInput>) {
  const kept = Object.fromEntries(KEPT.flatMap((name) => (typeof values[name] === 'string' && values[name] ? [[name, values[name]]] : [])));
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(kept));
  } catch {
    // Storage refused (private mode, quota): the form still works, it is only not kept.
  }
}

/** Forgets the draft once the order is placed: the next checkout starts from the address book again. */
export function clearCheckoutDraft() {
  try {
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing was kept.
  }
}

/** Puts back what was typed before a reload (as the customer's own input) and keeps each change. */
export function useCheckoutDraft({ setValue, watch }: Pick<UseFormReturn<CheckoutFormInput, unknown, unknown>, 'setValue' | 'watch'>) {
  useEffect(() => {
    for (const [name, value] of Object.entries(readDraft())) setValue(name as Kept, value, { shouldDirty: true });
    const subscription = watch((values) => writeDraft(values));
    return () => subscription.unsubscribe();
  }, [setValue, watch]);
}

import { useCallback, useEffect, useRef } from 'react';
import { type Control, type FormState, type UseFormSetValue, useWatch } from 'react-hook-form';
import type { SavedAddress } from '#shared/schemas/addresses.ts';
import { useAddresses, useBilling } from '../account/api.ts';
import type { CheckoutFormInput } from './checkout-form.ts';

type Form = {
  setValue: UseFormSetValue<CheckoutFormInput>;
  control: Control<CheckoutFormInput>;
  formState: FormState<CheckoutFormInput>;
};

/**
 * A signed-in customer's address book at the checkout: the default address fills the fields once it
 * arrives (never over what was typed), another saved one fills them when chosen; `picked` is the saved
 * address the fields hold now, if any. Undefined for a visitor, or until the book arrives.
 */
export function useSavedAddresses(signedIn: boolean, { setValue, control, formState }: Form) {
  const addresses = useAddresses(signedIn).data;
  const { isSubmitted, dirtyFields } = formState;
  const onPick = useCallback(
    (address: SavedAddress) => {
      const touched = { shouldDirty: true, shouldValidate: isSubmitted };
      setValue('name', address.name, touched);
      setValue('phone', address.phone, touched);
      setValue('address', address.address, touched);
      setValue('city', address.city, touched);
      setValue('postal_code', address.postal_code, touched);
      setValue('country', address.country_code ?? 'PT', touched);
    },
    [setValue, isSubmitted],
  );
  const prefilled = useRef(false);
  useEffect(() => {
    const first = addresses?.[0];
    if (!first || prefilled.current) return;
    prefilled.current = true;
    if ((['name', 'phone', 'address', 'city', 'postal_code'] as const).some((name) => dirtyFields[name])) return;
    onPick(first);
  }, [addresses, dirtyFields, onPick]);
  // Typing another address shows none chosen.
  const [address, city, postalCode] = useWatch({ control, name: ['address', 'city', 'postal_code'] });
  const picked = addresses?.find((a) => a.address === address && a.city === city && a.postal_code === postalCode)?.id ?? null;
  return addresses && { addresses, picked, onPick };
}

/** A signed-in customer's tax number and company from their last checkout, offered again (never over typing). */
export function useSavedBilling(signedIn: boolean, { setValue, formState }: Pick<Form, 'setValue' | 'formState'>) {
  const billing = useBilling(signedIn).data;
  const { dirtyFields } = formState;
  const prefilled = useRef(false);
  useEffect(() => {
    if (!billing?.nif || prefilled.current) return;
    prefilled.current = true;
    if (dirtyFields.nif || dirtyFields.company) return;
    setValue('nif', billing.nif);
    setValue('company', billing.company ?? '');
  }, [billing, dirtyFields, setValue]);
}

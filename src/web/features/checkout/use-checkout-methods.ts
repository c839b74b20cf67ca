import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useOfferedMethods } from '../payments/other-ways.tsx';
import type { CheckoutFormInput } from './checkout-form.ts';

type Form = Pick<UseFormReturn<CheckoutFormInput>, 'getValues' | 'setValue' | 'getFieldState'>;

/**
 * The ways to pay in the owner's order (issue #27): the first is chosen, unless the customer (or her draft after a
 * reload) already chose one the shop offers. Until the list answers, the spec's two with Multibanco chosen.
 */
export function useCheckoutMethods({ getValues, setValue, getFieldState }: Form) {
  const methods = useOfferedMethods();
  useEffect(() => {
    const first = methods[0];
    const untouched = !getFieldState('payment_method').isDirty && getValues('payment_method') === 'multibanco';
    if (first && (!methods.includes(getValues('payment_method')) || untouched)) setValue('payment_method', first);
  }, [methods, getValues, setValue, getFieldState]);
  return methods;
}

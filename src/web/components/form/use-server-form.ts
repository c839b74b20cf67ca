import { zodResolver } from '@hookform/resolvers/zod';
import { type BaseSyntheticEvent, useState } from 'react';
import { type DefaultValues, type FieldErrors, type FieldValues, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, errorMessage } from '../../api/client.ts';
import { applyFieldErrors } from './apply-field-errors.ts';
import { fieldBinder } from './field.tsx';

type Options<Input> = {
  /** The server's field names that land on the form's fields: a list, or a function of the name and the form's values giving the path. */
  accept: readonly string[] | ((name: string, values: Input) => string | undefined);
  /** The alert's text: the server's message or this text, or a function of the error (null: no alert). */
  fallback: string | ((err: unknown) => string | null);
  /** The alert shows even when the server's messages landed on fields (the back office's «Erro ao guardar…»). */
  alertWithFields?: boolean;
  /** Focus the first field the server marked (default); off where the focus stays on the button. */
  focus?: boolean;
};

/** A shared schema, or a resolver where the form's rules depend on the screen (create or edit, a digital basket). */
type Rules<Input extends FieldValues, Output> = z.ZodType<Output, Input> | Resolver<Input, unknown, Output>;

/**
 * Every form's submit path (decision 0014, 0035). `field` binds a FormField; `submit(send)` is the form's onSubmit:
 * it clears the alert, checks the fields, sends, and on failure puts the server's field messages on their fields
 * and the alert's text in `error`. `busy` is true while `send` runs (a sign-in asked for by an expired session
 * included, the request being sent again after it). `run(send)` does the same for values already checked (the
 * second step of a confirmation).
 */
export function useServerForm<Input extends FieldValues, Output>(
  rules: Rules<Input, Output>,
  defaultValues: NoInfer<DefaultValues<Input>>,
  { accept, fallback, alertWithFields = false, focus = true }: Options<NoInfer<Input>>,
) {
  const [error, setError] = useState<string | null>(null);
  const resolver = typeof rules === 'function' ? rules : zodResolver(rules);
  const form = useForm<Input, unknown, Output>({ resolver, defaultValues });
  const field = fieldBinder(form.register, form.formState.errors);

  const failure = (err: unknown): string | null => {
    const names = typeof accept === 'function' ? (name: string) => accept(name, form.getValues()) : accept;
    const placed = applyFieldErrors(form.setError, err instanceof ApiError ? err.fields : undefined, { accept: names, focus });
    if (placed && !alertWithFields) return null;
    return typeof fallback === 'string' ? errorMessage(err, fallback) : fallback(err);
  };
  const run = (send: (values: Output) => Promise<void>) => async (values: Output) => {
    setError(null);
    try {
      await send(values);
    } catch (err) {
      setError(failure(err));
    }
  };
  const submit =
    (send: (values: Output) => Promise<void>, onInvalid?: (errors: FieldErrors<Input>) => void) => (event?: BaseSyntheticEvent) => {
      // A new attempt replaces the last answer, even when it stops at the field check.
      setError(null);
      return form.handleSubmit(run(send), onInvalid)(event);
    };
  return { form, field, error, busy: form.formState.isSubmitting, submit, run };
}

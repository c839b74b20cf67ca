import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../api/client.ts';
import { applyFieldErrors, serverFormError } from './apply-field-errors.ts';
import { fieldBinder } from './field.tsx';

type Options = {
  /** The server's field names that land on the form's fields. */
  accept: readonly string[];
  /** The alert's text when no field took the failure: the server's message or this text, or a function of the error. */
  fallback: string | ((err: unknown) => string);
};

/**
 * A form on a shared schema with its alert. `field` binds a FormField; `submit(send)` is the form's onSubmit: it
 * clears the alert, sends, and on failure puts the server's field messages on their fields, or else a text in `error`.
 */
export function useServerForm<Input extends FieldValues, Output>(schema: z.ZodType<Output, Input>, defaultValues: NoInfer<DefaultValues<Input>>, { accept, fallback }: Options) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  const field = fieldBinder(form.register, form.formState.errors);
  const failure = (err: unknown) =>
    typeof fallback === 'string' ? serverFormError(err, form.setError, { accept }, fallback)
    : applyFieldErrors(form.setError, err instanceof ApiError ? err.fields : undefined, { accept }) ? null
    : fallback(err);
  const submit = (send: (values: Output) => Promise<void>) =>
    form.handleSubmit(async (values) => {
      setError(null);
      try {
        await send(values);
      } catch (err) {
        setError(failure(err));
      }
    });
  return { form, field, error, submit };
}

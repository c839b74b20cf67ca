// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../api/client.ts';
import { applyFieldErrors, listRowPath } from './apply-field-errors.ts';
import { CheckField, fieldId, FieldShell, FormField, SelectField } from './field.tsx';
import { SubmitButton } from './submit-button.tsx';
import { useServerForm } from './use-server-form.ts';

afterEach(cleanup);

/** What a screen reader reads after the control's name: the texts its aria-describedby points at. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

type Values = { email: string; terms: boolean; size: string; variants: { price: string }[] };

let setErrorOf: ReturnType<typeof useForm<Values>>['setError'];

function Harness({ busy = false }: { busy?: boolean }) {
  const {
    register,
    setError,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { email: '', terms: false, size: 'm', variants: [{ price: '' }] } });
  useEffect(() => {
    setErrorOf = setError;
  }, [setError]);
  return (
    <form noValidate>
      <FormField id="f-email" label="Email" type="email" help="Para a fatura." registration={register('email')} error={errors.email?.message} />
      <FormField
        id={fieldId('f', 'variants.0.price')}
        label="Preço"
        help="Com IVA."
        hideHelpOnError
        registration={register('variants.0.price')}
        error={errors.variants?.[0]?.price?.message}
      />
      <SelectField id="f-size" label="Tamanho" registration={register('size')} error={errors.size?.message}>
        <option value="m">M</option>
      </SelectField>
      <CheckField id="f-terms" label="Aceito" registration={register('terms')} error={errors.terms?.message} />
      <FieldShell id="f-custom" label="Outro" error="Mal." control={({ isInvalid: _invalid, ...described }) => <input {...described} />} />
      <SubmitButton busy={busy} busyHint=" (a guardar...)">
        Guardar
      </SubmitButton>
    </form>
  );
}

describe('form kit', () => {
  it('ties label, help and error to the control, dotted names included', () => {
    render(<Harness />);
    const email = screen.getByLabelText('Email');
    expect(email.id).toBe('f-email');
    expect(email.getAttribute('aria-invalid')).toBe('false');
    expect(description(email)).toBe('Para a fatura.');

    act(() => {
      applyFieldErrors(setErrorOf, { email: 'Email inválido.', 'variants.0.price': 'Preço inválido.', size: 'Escolha.', terms: 'Obrigatório.' });
    });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe('f-email-help f-email-error');
    expect(description(email)).toBe('Para a fatura. Email inválido.');
    expect(document.activeElement).toBe(email);

    const price = screen.getByLabelText('Preço');
    expect(price.id).toBe('f-variants-0-price');
    // The shop's forms show the message instead of the help.
    expect(description(price)).toBe('Preço inválido.');
    expect(screen.queryByText('Com IVA.')).toBeNull();
    expect(description(screen.getByLabelText('Tamanho'))).toBe('Escolha.');
    expect(description(screen.getByLabelText('Aceito'))).toBe('Obrigatório.');
    expect(description(screen.getByLabelText('Outro'))).toBe('Mal.');
  });

  it('places only the accepted names, and says whether any landed', () => {
    render(<Harness />);
    let placed = true;
    act(() => {
      placed = applyFieldErrors(setErrorOf, { password: 'Curta.' }, { accept: ['email'] });
    });
    expect(placed).toBe(false);
    act(() => {
      placed = applyFieldErrors(setErrorOf, { email: 'Em uso.' }, { accept: ['email'], focus: false });
    });
    expect(placed).toBe(true);
    expect(screen.getByText('Em uso.')).toBeTruthy();
    expect(document.activeElement).toBe(document.body);
    expect(applyFieldErrors(setErrorOf, undefined)).toBe(false);
  });

  it('sends a message for a removed row to its list', () => {
    const columns = ['name', 'price'] as const;
    expect(listRowPath('variants.1.price', 'variants', 2, columns)).toBe('variants.1.price');
    expect(listRowPath('variants.3.price', 'variants', 2, columns)).toBe('variants');
    expect(listRowPath('variants', 'variants', 2, columns)).toBe('variants');
    expect(listRowPath('name', 'variants', 2, columns)).toBeUndefined();
  });

  it('disables the submit button with a spinner while busy', () => {
    const { rerender } = render(<Harness />);
    const button = screen.getByRole('button', { name: 'Guardar' });
    expect(button.hasAttribute('disabled')).toBe(false);
    rerender(<Harness busy />);
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.textContent).toBe('Guardar (a guardar...)');
    expect(button.querySelector('.spinner-border')).not.toBeNull();
  });
});

const lines = z.object({ name: z.string().min(1, { error: 'Indique o nome.' }), rows: z.array(z.object({ qty: z.string() })) });

/** A form on the kit whose send answers what the test gives it. */
function KitForm({ answer, alertWithFields = false }: { answer: () => Promise<void>; alertWithFields?: boolean }) {
  const { form, field, error, busy, submit } = useServerForm(lines, { name: 'Caixa', rows: [{ qty: '1' }] }, {
    accept: (name, values) => listRowPath(name, 'rows', values.rows.length, ['qty']) ?? (name === 'name' ? name : undefined),
    fallback: 'Erro ao guardar.',
    alertWithFields,
  });
  return (
    <form noValidate onSubmit={submit(answer)}>
      {error && <p role="alert">{error}</p>}
      <FormField id="kit-name" label="Nome" {...field('name')} />
      <FormField id="kit-rows-0-qty" label="Quantidade" {...field('rows.0.qty')} />
      <p>{form.formState.errors.rows?.message}</p>
      <SubmitButton busy={busy}>Guardar</SubmitButton>
    </form>
  );
}

const refused = (fields?: Record<string, string>) => new ApiError('Dados inválidos.', 400, { error: 'Dados inválidos.', code: 'INVALID', fields });

describe('useServerForm', () => {
  it('puts field messages on fields (a removed row on its list) and the alert only when asked', async () => {
    render(<KitForm answer={() => Promise.reject(refused({ 'rows.0.qty': 'Sem stock.', 'rows.4.qty': 'Linha antiga.' }))} />);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Sem stock.')).toBeTruthy();
    expect(screen.getByText('Linha antiga.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();

    render(<KitForm alertWithFields answer={() => Promise.reject(refused({ name: 'Nome em uso.' }))} />);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Dados inválidos.');
    expect(screen.getByText('Nome em uso.')).toBeTruthy();
  });

  it('is busy while sending, and a new attempt clears the last alert even when it stops at the field check', async () => {
    let fail: (err: unknown) => void = () => {};
    render(<KitForm answer={() => new Promise((_resolve, reject) => (fail = reject))} />);
    const button = screen.getByRole('button', { name: 'Guardar' }) as HTMLButtonElement;
    fireEvent.click(button);
    await waitFor(() => expect(button.disabled).toBe(true));
    act(() => fail(new ApiError('O servidor está em baixo.', 503)));
    expect((await screen.findByRole('alert')).textContent).toBe('O servidor está em baixo.');
    await waitFor(() => expect(button.disabled).toBe(false));

    fireEvent.input(screen.getByLabelText('Nome'), { target: { value: '' } });
    fireEvent.click(button);
    expect(await screen.findByText('Indique o nome.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

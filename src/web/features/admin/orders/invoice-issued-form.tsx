import { useEffect, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { issuedElsewhereBody } from '#shared/schemas/invoicing.ts';
import { FormField } from '../../../components/form/field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useServerForm } from '../../../components/form/use-server-form.ts';
import { useMarkInvoiceIssued } from './api.ts';

const serverFields = ['number'] as const;

/**
 * "Marcar como emitida" on an entry of "Faturas por emitir" (no provider): the owner gives the number of the
 * invoice she issued in her own program; the order then shows it to its customer and leaves the list.
 */
export function InvoiceIssuedForm({ orderId, orderLabel }: { orderId: number; orderLabel: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const mark = useMarkInvoiceIssued(orderId);
  const { form, field, error, submit } = useServerForm(issuedElsewhereBody, { number: '' }, { accept: serverFields, fallback: 'Não foi possível registar a fatura.' });
  const onSubmit = submit(async (values) => {
    await mark.mutateAsync(values);
  });
  const { setFocus } = form;
  // Opened from its button: the keyboard lands on the number.
  useEffect(() => {
    if (open) setFocus('number');
  }, [open, setFocus]);

  if (!open) {
    return (
      <Button size="sm" variant="outline-dark" onClick={() => setOpen(true)} aria-label={`Marcar como emitida a fatura da ${orderLabel}`}>
        Marcar como emitida
      </Button>
    );
  }
  return (
    <Form noValidate onSubmit={onSubmit} className="invoice-issued-form w-100" aria-label={`Fatura da ${orderLabel}`}>
      {error && (
        <Alert variant="danger" className="py-2 small mb-2">
          {error}
        </Alert>
      )}
      <div className="d-flex flex-wrap align-items-start gap-2">
        <FormField
          id={`${id}-number`}
          label="N.º da fatura emitida"
          help="Como está no seu programa de faturação, por exemplo FR 2026/12."
          className="flex-grow-1 mb-0"
          autoComplete="off"
          maxLength={60}
          required
          {...field('number')}
        />
        <div className="d-flex gap-2 invoice-issued-actions">
          <SubmitButton size="sm" busy={form.formState.isSubmitting} busyHint=" (a guardar...)">
            Guardar
          </SubmitButton>
          <Button size="sm" variant="outline-secondary" onClick={() => setOpen(false)} disabled={form.formState.isSubmitting}>
            Cancelar
          </Button>
        </div>
      </div>
    </Form>
  );
}

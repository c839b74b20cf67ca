import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { restockAlertForm, restockMessages } from '#shared/schemas/restock.ts';
import { FormField } from '../../components/form/field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { useServerForm } from '../../components/form/use-server-form.ts';
import { useSession } from '../../session/session.tsx';
import { askRestockAlert } from './restock-api.ts';

type Props = { productId: number; variantId: number | undefined; itemName: string };

/**
 * "Avise-me quando voltar" (issue #30) under a sold-out product or variant: the address (a signed-in
 * customer's own, filled in), and the server's answer. A guest confirms by mail; a signed-in customer asking
 * for her own address is waiting at once (the server decides which).
 */
export function RestockAlertForm({ productId, variantId, itemName }: Props) {
  const { user } = useSession();
  const [answer, setAnswer] = useState<string | null>(null);
  const { field, error, busy, submit } = useServerForm(restockAlertForm, { email: user?.email ?? '' }, { accept: ['email'], fallback: restockMessages.subscribeError });
  const onSubmit = submit(async ({ email }) => {
    setAnswer(null);
    const { message } = await askRestockAlert(productId, { email, ...(variantId ? { variant_id: variantId } : {}) });
    setAnswer(message);
  });
  const headingId = `restock-${productId}`;
  return (
    <section className="restock-alert border rounded p-3 mt-3" aria-labelledby={headingId}>
      <h2 id={headingId} className="h5 mb-1">
        {restockMessages.heading}
      </h2>
      <p className="mb-3">
        {restockMessages.intro} <span className="visually-hidden">({itemName})</span>
      </p>
      <Form noValidate onSubmit={(event) => void onSubmit(event)}>
        <fieldset disabled={busy}>
          <legend className="visually-hidden">Pedir aviso por email: {itemName}</legend>
          <FormField
            id={`restock-email-${productId}`}
            className="mb-2"
            label={restockMessages.emailLabel}
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            {...field('email')}
          />
          <SubmitButton busy={busy} busyLabel="A registar...">
            {restockMessages.submit}
          </SubmitButton>
        </fieldset>
      </Form>
      <div aria-live="polite">
        {answer && (
          <Alert variant="success" className="mt-3 mb-0" role="status">
            {answer}
          </Alert>
        )}
        {error && (
          <Alert variant="danger" className="mt-3 mb-0" role="alert">
            {error}
          </Alert>
        )}
      </div>
    </section>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { type FieldError, useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { CONTACT_LIMITS, type ContactBody, contactBody, contactMessages } from '#shared/schemas/contact.ts';
import { ApiError } from '../../api/client.ts';
import { applyFieldErrors } from '../account/account-ui.tsx';
import { sendContact } from './contact-api.ts';

/** backoffice.md §9: success messages last 3 s. */
export const SENT_MESSAGE_MS = 3000;

const empty: ContactBody = { name: '', email: '', subject: '', message: '' };
const fieldNames = ['name', 'email', 'subject', 'message'] as const;

type FieldProps = {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
  maxLength: number;
  type?: 'text' | 'email';
  autoComplete?: string;
  rows?: number;
  disabled: boolean;
};

function Field({ id, label, registration, error, maxLength, type = 'text', autoComplete, rows, disabled }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...(rows ? { as: 'textarea' as const, rows } : { type })}
        autoComplete={autoComplete}
        maxLength={maxLength}
        required
        aria-required="true"
        disabled={disabled}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...registration}
      />
      {error?.message && (
        <Form.Control.Feedback type="invalid" id={errorId}>
          {error.message}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}

/** The message form (backoffice.md §2, §4, §5): on success the form empties and says so for 3 s. */
export function ContactForm() {
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<ContactBody>({ resolver: zodResolver(contactBody), defaultValues: empty });

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => setSent(null), SENT_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [sent]);

  const onSubmit = async (body: ContactBody) => {
    setError(null);
    setSent(null);
    try {
      const answer = await sendContact(body);
      reset(empty);
      setSent(answer?.message || contactMessages.sent);
    } catch (err) {
      if (err instanceof ApiError && applyFieldErrors(err.fields, fieldNames, setFieldError)) return;
      // The server's own words when it refused the message (too many messages, invalid input); otherwise the spec's text.
      setError(err instanceof ApiError && (err.status === 429 || err.status === 400) ? err.message : contactMessages.sendError);
    }
  };

  return (
    <Form noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="contact-form-title">
      <div className="row g-0 gx-md-3">
        <div className="col-12 col-md-6">
          <Field id="contact-name" label="Nome" autoComplete="name" maxLength={CONTACT_LIMITS.name} registration={register('name')} error={errors.name} disabled={isSubmitting} />
        </div>
        <div className="col-12 col-md-6">
          <Field
            id="contact-email"
            label="Email"
            type="email"
            autoComplete="email"
            maxLength={CONTACT_LIMITS.email}
            registration={register('email')}
            error={errors.email}
            disabled={isSubmitting}
          />
        </div>
      </div>
      <Field id="contact-subject" label="Assunto" maxLength={CONTACT_LIMITS.subject} registration={register('subject')} error={errors.subject} disabled={isSubmitting} />
      <Field
        id="contact-message"
        label="Mensagem"
        rows={6}
        maxLength={CONTACT_LIMITS.message}
        registration={register('message')}
        error={errors.message}
        disabled={isSubmitting}
      />
      <div role="status" aria-live="polite">
        {sent && (
          <Alert variant="success" className="d-flex align-items-center gap-2">
            <i className="bi bi-check-circle" aria-hidden="true" />
            {sent}
          </Alert>
        )}
      </div>
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      <Button type="submit" variant="primary" size="lg" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
        {isSubmitting ?
          <>
            <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />A enviar...
          </>
        : <>
            <i className="bi bi-send me-2" aria-hidden="true" />
            Enviar
          </>
        }
      </Button>
    </Form>
  );
}

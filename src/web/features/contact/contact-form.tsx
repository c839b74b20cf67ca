import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { CONTACT_LIMITS, type ContactBody, contactBody, contactMessages } from '#shared/schemas/contact.ts';
import { ApiError } from '../../api/client.ts';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { useServerForm } from '../../components/form/use-server-form.ts';
import { sendContact } from './api.ts';
import { useFlashMessage } from '../../components/use-timers.ts';
import BiCheckCircleIcon from '~icons/bi/check-circle';
import BiSendIcon from '~icons/bi/send';

const empty: ContactBody = { name: '', email: '', subject: '', message: '' };
const fieldNames = ['name', 'email', 'subject', 'message'] as const;
// The server's own words when it refused the message (too many messages, invalid input); otherwise the spec's text.
const sendFailure = (err: unknown) => (err instanceof ApiError && (err.status === 429 || err.status === 400) ? err.message : contactMessages.sendError);

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
  const sent = useFlashMessage();
  const { form, error, submit } = useServerForm(contactBody, empty, { accept: fieldNames, fallback: sendFailure });
  const { register, formState: { errors, isSubmitting } } = form;

  const onSubmit = submit(async (body) => {
    sent.clear();
    const answer = await sendContact(body);
    form.reset(empty);
    sent.show(answer?.message || contactMessages.sent);
  });

  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby="contact-form-title">
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
        {sent.message && (
          <Alert variant="success" className="d-flex align-items-center gap-2">
            <BiCheckCircleIcon className="bi" aria-hidden="true" />
            {sent.message}
          </Alert>
        )}
      </div>
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      <SubmitButton size="lg" busy={isSubmitting} busyLabel="A enviar...">
        <BiSendIcon className="bi me-2" aria-hidden="true" />
        Enviar
      </SubmitButton>
    </Form>
  );
}

import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import type { FieldValues, Path, UseFormRegisterReturn, UseFormSetError } from 'react-hook-form';
import { PageMeta } from '../../components/page-meta.tsx';

/** A centred card holding one account screen: its metadata and its single <h1>. */
export function AuthCard({
  title,
  heading = title,
  description,
  children,
}: {
  title: string;
  heading?: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Container className="py-4 py-md-5">
      <PageMeta title={title} description={description} />
      <Card className="auth-card mx-auto shadow-sm">
        <Card.Body className="p-3 p-sm-4">
          <h1 className="h3 mb-4 text-center">{heading}</h1>
          {children}
        </Card.Body>
      </Card>
    </Container>
  );
}

type FieldProps = {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  hint?: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
};

/** Label, input and invalid feedback, tied together so a screen reader reads the message with the field. */
export function FormField({ id, label, registration, error, hint, type = 'text', autoComplete, required, disabled }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={type}
        autoComplete={autoComplete}
        required={required}
        disabled={disabled}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...registration}
      />
      {hint && (
        <Form.Text id={hintId} className="text-secondary">
          {hint}
        </Form.Text>
      )}
      {error && (
        <Form.Control.Feedback type="invalid" id={errorId}>
          {error}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}

/** A submit button that is disabled and shows a spinner while its request is in flight. */
export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel?: string; children: ReactNode }) {
  return (
    <Button type="submit" variant="primary" className="w-100" disabled={busy} aria-busy={busy || undefined}>
      {busy && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
      {busy && busyLabel ? busyLabel : children}
    </Button>
  );
}

/**
 * Puts the server's field messages (ApiError.fields) on the form's own fields, focusing the first one.
 * Returns whether any message landed on a field, so the caller can skip a duplicate alert.
 */
export function applyFieldErrors<T extends FieldValues>(
  fields: Record<string, string> | undefined,
  known: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!fields) return false;
  let placed = false;
  for (const name of known) {
    const message = fields[name];
    if (!message) continue;
    setError(name, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}

import Form from 'react-bootstrap/Form';

// Label, help and error wiring of the service form's inputs (WCAG: the error is announced with the field).

export const fieldId = (name: string) => `service-${name.replaceAll('_', '-')}`;
const errorIdOf = (name: string) => `${fieldId(name)}-error`;

/** isInvalid, aria-invalid and aria-describedby (help text first, then the error). */
export function describeField(name: string, error: string | undefined, helpId?: string) {
  const invalid = Boolean(error);
  const ids = [helpId, invalid ? errorIdOf(name) : undefined].filter(Boolean).join(' ');
  return { isInvalid: invalid, 'aria-invalid': invalid, 'aria-describedby': ids || undefined };
}

/** The message under an input. */
export function FieldError({ name, error }: { name: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <Form.Control.Feedback type="invalid" id={errorIdOf(name)}>
      {error}
    </Form.Control.Feedback>
  );
}

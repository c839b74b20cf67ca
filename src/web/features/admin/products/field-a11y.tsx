import Form from 'react-bootstrap/Form';

// Label, help and error wiring of the product form's inputs (WCAG: the error is announced with the field).

/** `variants.0.name` -> `product-variants-0-name`. */
export const fieldId = (name: string) => `product-${name.replaceAll('.', '-')}`;
export const errorIdOf = (name: string) => `${fieldId(name)}-error`;

/** isInvalid, aria-invalid and aria-describedby (help text first, then the error). */
export function describeField(name: string, error: string | undefined, helpId?: string) {
  const invalid = Boolean(error);
  const ids = [helpId, invalid ? errorIdOf(name) : undefined].filter(Boolean).join(' ');
  return { isInvalid: invalid, 'aria-invalid': invalid, 'aria-describedby': ids || undefined };
}

/** The message under an input; `block` for inputs that are not Form.Control siblings (switches, file lists). */
export function FieldError({ name, error, block = false }: { name: string; error: string | undefined; block?: boolean }) {
  if (!error) return null;
  return block ?
      <div className="invalid-feedback d-block" id={errorIdOf(name)}>
        {error}
      </div>
    : <Form.Control.Feedback type="invalid" id={errorIdOf(name)}>
        {error}
      </Form.Control.Feedback>;
}

import type { ComponentProps, ElementType, ReactNode } from 'react';
import Col, { type ColProps } from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import { type FieldErrors, type FieldValues, get, type Path, type UseFormRegister, type UseFormRegisterReturn } from 'react-hook-form';

// One way to write a form field (label, control, help, error), wired so a screen reader reads the message with it.

/** `product` + `variants.0.price` -> `product-variants-0-price` (an id valid in CSS selectors and URLs). */
export const fieldId = (prefix: string, name: string) => `${prefix}-${name.replace(/[._]/g, '-')}`;
export const errorIdOf = (id: string) => `${id}-error`;
export const helpIdOf = (id: string) => `${id}-help`;

/** The props a control needs: isInvalid, aria-invalid and aria-describedby (help text first, then the error). */
export function describeField(id: string, error: string | undefined, helpId?: string) {
  const invalid = Boolean(error);
  const ids = [helpId, invalid ? errorIdOf(id) : undefined].filter(Boolean).join(' ');
  return { isInvalid: invalid, 'aria-invalid': invalid, 'aria-describedby': ids || undefined };
}

/** The message under a control; `block` shows it where the control is not a Form.Control sibling (switches, lists). */
export function FieldError({ id, error, block = false }: { id: string; error: string | undefined; block?: boolean }) {
  if (!error) return null;
  return block ?
      <div className="invalid-feedback d-block" id={errorIdOf(id)}>
        {error}
      </div>
    : <Form.Control.Feedback type="invalid" id={errorIdOf(id)}>
        {error}
      </Form.Control.Feedback>;
}

type ShellProps = {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  help?: ReactNode;
  /** The help's id, when several controls share it; `${id}-help` otherwise. */
  helpId?: string;
  /** Where the message replaces the help text (the shop's forms), instead of following it. */
  hideHelpOnError?: boolean;
  /** In a row of fields: a Col of these widths, with no margin of its own (a Form.Group otherwise). */
  column?: ColProps;
  /** Props of the Form.Group besides its class (a style). */
  wrapperProps?: Record<string, unknown>;
  className?: string;
  labelClassName?: string;
};

type Described = ReturnType<typeof describeField> & { id: string };

/** Label, a custom control (given its ids through `control`), help and error. */
export function FieldShell({
  id,
  label,
  error,
  help,
  helpId,
  hideHelpOnError = false,
  column,
  wrapperProps,
  className = column ? '' : 'mb-3',
  labelClassName,
  control,
}: ShellProps & { control: (described: Described) => ReactNode }) {
  const showHelp = Boolean(help) && !(hideHelpOnError && error);
  const ownHelpId = help ? (helpId ?? helpIdOf(id)) : helpId;
  const described = { id, ...describeField(id, error, showHelp || !help ? ownHelpId : undefined) };
  const [Wrapper, wrapped]: [ElementType, object | undefined] = column ? [Col, column] : [Form.Group, wrapperProps];
  return (
    <Wrapper {...wrapped} className={className}>
      <Form.Label htmlFor={id} className={labelClassName}>
        {label}
      </Form.Label>
      {control(described)}
      <FieldError id={id} error={error} />
      {showHelp && (
        <Form.Text id={ownHelpId} className="text-secondary">
          {help}
        </Form.Text>
      )}
    </Wrapper>
  );
}

type ControlProps = Omit<ComponentProps<typeof Form.Control>, 'id' | 'isInvalid' | 'name' | 'onChange' | 'onBlur' | 'ref'>;

/** A text input or textarea (`as="textarea"`) registered with react-hook-form. */
export function FormField({
  registration,
  id,
  label,
  error,
  help,
  helpId,
  hideHelpOnError,
  column,
  wrapperProps,
  className,
  labelClassName,
  ...control
}: ShellProps & { registration: UseFormRegisterReturn } & ControlProps) {
  return (
    <FieldShell
      {...{ id, label, error, help, helpId, hideHelpOnError, column, wrapperProps, className, labelClassName }}
      control={(described) => <Form.Control {...control} {...described} {...registration} />}
    />
  );
}

/** A select registered with react-hook-form; its options are the children. */
export function SelectField({
  registration,
  children,
  ...shell
}: ShellProps & { registration: UseFormRegisterReturn; children: ReactNode; disabled?: boolean }) {
  const { disabled, ...rest } = shell;
  return (
    <FieldShell
      {...rest}
      control={(described) => (
        <Form.Select disabled={disabled} {...described} {...registration}>
          {children}
        </Form.Select>
      )}
    />
  );
}

/** A checkbox or switch registered with react-hook-form; its message shows under it. */
export function CheckField({
  id,
  label,
  registration,
  error,
  helpId,
  type = 'checkbox',
  disabled,
  className,
}: {
  id: string;
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  helpId?: string;
  type?: 'checkbox' | 'switch';
  disabled?: boolean;
  className?: string;
}) {
  return (
    <>
      <Form.Check type={type} id={id} label={label} disabled={disabled} className={className} {...describeField(id, error, helpId)} {...registration} />
      <FieldError id={id} error={error} block />
    </>
  );
}

/** `field('email')` gives a FormField its registration and its message: `<FormField id label {...field('email')} />`. */
export function fieldBinder<T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) {
  return (name: Path<T>) => ({ registration: register(name), error: (get(errors, name) as { message?: string } | undefined)?.message });
}

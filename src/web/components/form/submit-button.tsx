import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useHydrated } from '../use-hydrated.ts';

type Props = {
  busy: boolean;
  /** Shown instead of the children while busy («A entrar...»). */
  busyLabel?: string;
  /** Read by screen readers only while busy, after the children (« (a guardar...)»). */
  busyHint?: string;
  className?: string;
  disabled?: boolean;
  size?: 'sm' | 'lg';
  /** 'danger' for a form whose submit cannot be undone (her account's erasure). */
  variant?: 'primary' | 'danger';
  /** The id of what says why the button is disabled. */
  'aria-describedby'?: string | undefined;
  children: ReactNode;
};

/**
 * A form's submit button: disabled, with a spinner, while its request is in flight; on a server-rendered page,
 * disabled until the app has taken the form over (before that the browser would send the form itself).
 */
export function SubmitButton({ busy, busyLabel, busyHint, className, disabled = false, size, variant = 'primary', children, 'aria-describedby': describedBy }: Props) {
  const hydrated = useHydrated();
  return (
    <Button type="submit" variant={variant} size={size} className={className} disabled={busy || disabled || !hydrated} aria-busy={busy || undefined} aria-describedby={describedBy}>
      {busy && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
      {busy && busyLabel ? busyLabel : children}
      {busy && busyHint && <span className="visually-hidden">{busyHint}</span>}
    </Button>
  );
}

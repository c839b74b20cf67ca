import Alert from 'react-bootstrap/Alert';

/** An alert holding `message`, or nothing while there is none (inside a live region that stays put). */
export function MessageAlert({ message, variant, className }: { message: string | null | undefined; variant: string; className?: string }) {
  if (!message) return null;
  return (
    <Alert variant={variant} className={className}>
      {message}
    </Alert>
  );
}

import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';

type RetryAlertProps = { message: string; onRetry: () => void; retrying?: boolean; className?: string };

/** A load that failed: the message and "Tentar novamente" (disabled while `retrying`, when the caller says so). */
export function RetryAlert({ message, onRetry, retrying, className }: RetryAlertProps) {
  return (
    <Alert variant="danger" className={`d-flex flex-wrap align-items-center justify-content-between gap-2${className ? ` ${className}` : ''}`}>
      <span>{message}</span>
      <Button variant="outline-danger" size="sm" onClick={onRetry} disabled={retrying}>
        Tentar novamente
      </Button>
    </Alert>
  );
}

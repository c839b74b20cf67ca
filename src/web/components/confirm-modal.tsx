import { type ReactNode, useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { errorMessage } from '../api/client.ts';

export type ConfirmModalProps = {
  show: boolean;
  title: string;
  /** The question, and any field the answer needs (a payment's method, a note). */
  children: ReactNode;
  confirmLabel: string;
  /** Read to screen readers while the request runs ("a eliminar..."). */
  busyLabel: string;
  variant?: 'danger' | 'primary';
  /** The request is running: the modal cannot be closed and the confirm button shows a spinner. */
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  onExited?: (() => void) | undefined;
};

/** A dialog's `busy` and `error` from the request its answer starts: busy while it runs, then its failure in words (the server's, else `failed`). */
export const requestStatus = (request: { isPending: boolean; isError: boolean; error: unknown }, failed: string) => ({
  busy: request.isPending,
  error: request.isError ? errorMessage(request.error, failed) : null,
});

/** The one confirmation dialog of the back office: before anything destructive, or anything that e-mails a customer. */
export function ConfirmModal({ show, title, children, confirmLabel, busyLabel, variant = 'primary', busy, error, onConfirm, onCancel, onExited }: ConfirmModalProps) {
  const titleId = useId();
  return (
    <Modal
      show={show}
      onHide={() => !busy && onCancel()}
      onExited={onExited}
      backdrop={busy ? 'static' : true}
      keyboard={!busy}
      centered
      aria-labelledby={titleId}
    >
      <Modal.Header closeButton={!busy} closeLabel="Fechar">
        <Modal.Title as="h2" id={titleId} className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {children}
        {error && (
          <Alert variant="danger" className="mt-3 mb-0">
            {error}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button variant={variant} onClick={onConfirm} disabled={busy}>
          {busy && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {confirmLabel}
          {busy && <span className="visually-hidden"> ({busyLabel})</span>}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

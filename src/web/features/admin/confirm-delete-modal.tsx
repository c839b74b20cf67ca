import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';

/** What the page that owns a delete confirmation passes in: its state and what to do on each answer. */
export type ConfirmDeleteState = {
  show: boolean;
  /** The delete request is running: the modal cannot be closed and the confirm button shows a spinner. */
  deleting: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  onExited?: () => void;
};

type Props = ConfirmDeleteState & {
  /** The heading's id, for the dialog's aria-labelledby. */
  titleId: string;
  title: string;
  /** The question; the thing named in it should be kept while the modal fades out so the text does not go blank. */
  children: ReactNode;
};

/** backoffice.md §2: deletion asks for confirmation first. */
export function ConfirmDeleteModal({ titleId, title, children, show, deleting, error, onConfirm, onCancel, onExited }: Props) {
  return (
    <Modal
      show={show}
      onHide={() => !deleting && onCancel()}
      onExited={onExited}
      backdrop={deleting ? 'static' : true}
      keyboard={!deleting}
      centered
      aria-labelledby={titleId}
    >
      <Modal.Header closeButton={!deleting} closeLabel="Fechar">
        <Modal.Title as="h2" id={titleId} className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">{children}</p>
        {error && (
          <Alert variant="danger" className="mt-3 mb-0">
            {error}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel} disabled={deleting}>
          Cancelar
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={deleting}>
          {deleting && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
          Eliminar
          {deleting && <span className="visually-hidden"> (a eliminar...)</span>}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { orderNumber } from '../../orders/order-ui.tsx';

type Props = {
  /** The order to delete; kept while the modal fades out so the text does not go blank. */
  orderId: number | null;
  show: boolean;
  deleting: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  onExited?: () => void;
};

/** backoffice.md §2: deletion asks for confirmation first. */
export function DeleteOrderModal({ orderId, show, deleting, error, onConfirm, onCancel, onExited }: Props) {
  return (
    <Modal
      show={show}
      onHide={() => !deleting && onCancel()}
      onExited={onExited}
      backdrop={deleting ? 'static' : true}
      keyboard={!deleting}
      centered
      aria-labelledby="delete-order-title"
    >
      <Modal.Header closeButton={!deleting} closeLabel="Fechar">
        <Modal.Title as="h2" id="delete-order-title" className="h5">
          Eliminar encomenda
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">
          Tem a certeza que deseja eliminar a encomenda <strong>{orderId === null ? '' : orderNumber(orderId)}</strong>? Esta ação não
          pode ser desfeita.
        </p>
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

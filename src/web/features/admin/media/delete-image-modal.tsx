import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';

type Props = {
  /** The image's name; kept while the modal fades out so the text does not go blank. */
  name: string | undefined;
  show: boolean;
  deleting: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  onExited: () => void;
};

/** backoffice.md §2: delete per image, after confirmation. */
export function DeleteImageModal({ name, show, deleting, error, onConfirm, onCancel, onExited }: Props) {
  return (
    <Modal
      show={show}
      onHide={() => !deleting && onCancel()}
      onExited={onExited}
      backdrop={deleting ? 'static' : true}
      keyboard={!deleting}
      centered
      aria-labelledby="delete-image-title"
    >
      <Modal.Header closeButton={!deleting} closeLabel="Fechar">
        <Modal.Title as="h2" id="delete-image-title" className="h5">
          Eliminar imagem
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">
          Tem a certeza que deseja eliminar a imagem <strong className="text-break">{name}</strong>? As páginas que a usam deixam de
          a mostrar. Esta ação não pode ser desfeita.
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

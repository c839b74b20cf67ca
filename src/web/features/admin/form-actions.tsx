import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { SubmitButton } from '../../components/form/submit-button.tsx';

type Props = {
  saving: boolean;
  /** Where «Cancelar» goes back to (the list). */
  cancelHref: string;
  /** Given on an edit page: shows «Eliminar», which asks for confirmation. */
  onDelete?: () => void;
};

/** An admin form's footer: Guardar (busy while saving), Cancelar, and Eliminar when editing. */
export function FormActions({ saving, cancelHref, onDelete }: Props) {
  return (
    <div className="d-flex flex-wrap gap-2">
      <SubmitButton busy={saving} busyHint=" (a guardar...)">
        Guardar
      </SubmitButton>
      <Link to={cancelHref} className="btn btn-outline-secondary">
        Cancelar
      </Link>
      {onDelete && (
        <Button variant="outline-danger" className="ms-sm-auto" disabled={saving} onClick={onDelete}>
          Eliminar
        </Button>
      )}
    </div>
  );
}

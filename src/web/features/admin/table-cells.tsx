import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import BiImageIcon from '~icons/bi/image';

/** A list row's picture: the first image's thumbnail, or a placeholder that says there is none. */
export function ThumbnailCell({ src }: { src: string | undefined }) {
  return (
    <td style={{ width: '4rem' }}>
      {src ?
        <img src={src} alt="" width={48} height={48} className="rounded border" style={{ objectFit: 'cover' }} loading="lazy" />
      : <span
          className="d-inline-flex align-items-center justify-content-center rounded border bg-body-tertiary text-secondary"
          style={{ width: 48, height: 48 }}
        >
          <BiImageIcon className="bi fs-4" aria-hidden="true" />
          <span className="visually-hidden">Sem imagem</span>
        </span>
      }
    </td>
  );
}

type ActionsProps = {
  editHref: string;
  /** Names the row for screen readers: «Editar <label>», «Eliminar <label>» (e.g. `serviço Corte`). */
  label: string;
  /** Without it the row has no Eliminar. */
  onDelete?: () => void;
};

/** A list row's Ações: Editar (a link to the form) and Eliminar (asks for confirmation). */
export function RowActionsCell({ editHref, label, onDelete }: ActionsProps) {
  return (
    <td>
      <div className="d-flex flex-nowrap gap-2">
        <Link to={editHref} className="btn btn-sm btn-outline-primary" aria-label={`Editar ${label}`}>
          Editar
        </Link>
        {onDelete && (
          <Button size="sm" variant="outline-danger" onClick={onDelete} aria-label={`Eliminar ${label}`}>
            Eliminar
          </Button>
        )}
      </div>
    </td>
  );
}

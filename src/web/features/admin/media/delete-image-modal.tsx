import { ConfirmDeleteModal, type ConfirmDeleteState } from '../confirm-delete-modal.tsx';

type Props = ConfirmDeleteState & {
  /** The image's name; kept while the modal fades out so the text does not go blank. */
  name: string | undefined;
  onExited: () => void;
};

/** backoffice.md §2: delete per image, after confirmation. */
export function DeleteImageModal({ name, ...modal }: Props) {
  return (
    <ConfirmDeleteModal {...modal} titleId="delete-image-title" title="Eliminar imagem">
      Tem a certeza que deseja eliminar a imagem <strong className="text-break">{name}</strong>? As páginas que a usam deixam de a
      mostrar. Esta ação não pode ser desfeita.
    </ConfirmDeleteModal>
  );
}

import { ConfirmDeleteModal, type ConfirmDeleteState } from '../confirm-delete-modal.tsx';

type Props = ConfirmDeleteState & {
  /** The product's name; kept while the modal fades out so the text does not go blank. */
  name: string | undefined;
};

/** backoffice.md §2: deletion asks for confirmation first. */
export function DeleteProductModal({ name, ...modal }: Props) {
  return (
    <ConfirmDeleteModal {...modal} titleId="delete-product-title" title="Eliminar produto">
      Tem a certeza que deseja eliminar o produto <strong className="text-break">{name}</strong>? Esta ação não pode ser desfeita.
    </ConfirmDeleteModal>
  );
}

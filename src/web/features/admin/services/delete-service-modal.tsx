import { serviceMessages } from '#shared/schemas/services.ts';
import { ConfirmDeleteModal, type ConfirmDeleteState } from '../confirm-delete-modal.tsx';

type Props = ConfirmDeleteState & {
  /** The service's name; kept while the modal fades out so the text does not go blank. */
  name: string | undefined;
};

/** backoffice.md §2: deleting a service asks 'Tem certeza que deseja excluir este serviço?' first. */
export function DeleteServiceModal({ name, ...modal }: Props) {
  return (
    <ConfirmDeleteModal {...modal} titleId="delete-service-title" title="Eliminar serviço">
      {serviceMessages.confirmDelete}
      <strong className="d-block text-break mt-2">{name}</strong>
    </ConfirmDeleteModal>
  );
}

import type { PublicUser } from '#shared/schemas/account.ts';
import { ConfirmDeleteModal, type ConfirmDeleteState } from '../confirm-delete-modal.tsx';

type Props = ConfirmDeleteState & {
  /** The user to delete; kept while the modal fades out so the text does not go blank. */
  user: PublicUser | null;
  onExited: () => void;
};

/** backoffice.md §2: deletion asks for confirmation first. */
export function DeleteUserModal({ user, ...modal }: Props) {
  return (
    <ConfirmDeleteModal {...modal} titleId="delete-user-title" title="Eliminar utilizador">
      Tem a certeza que deseja eliminar o utilizador <strong className="text-break">{user?.username}</strong>? Esta ação não pode
      ser desfeita.
    </ConfirmDeleteModal>
  );
}

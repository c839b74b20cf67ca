import type { ReactNode } from 'react';
import { ConfirmModal } from './confirm-modal.tsx';

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
  title: string;
  /** The question; the thing named in it should be kept while the modal fades out so the text does not go blank. */
  question: ReactNode;
};

/** backoffice.md §2: deletion asks for confirmation first. The one delete dialog of every admin tab and form, and of the address book. */
export function ConfirmDeleteModal({ title, question, deleting, ...state }: Props) {
  return (
    <ConfirmModal {...state} title={title} confirmLabel="Eliminar" busyLabel="a eliminar..." variant="danger" busy={deleting}>
      <p className="mb-0">{question}</p>
    </ConfirmModal>
  );
}

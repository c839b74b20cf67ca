import { orderNumber } from '../../orders/order-ui.tsx';
import { ConfirmDeleteModal, type ConfirmDeleteState } from '../confirm-delete-modal.tsx';

type Props = ConfirmDeleteState & {
  /** The order to delete; kept while the modal fades out so the text does not go blank. */
  orderId: number | null;
};

/** backoffice.md §2: deletion asks for confirmation first. */
export function DeleteOrderModal({ orderId, ...modal }: Props) {
  return (
    <ConfirmDeleteModal {...modal} titleId="delete-order-title" title="Eliminar encomenda">
      Tem a certeza que deseja eliminar a encomenda <strong>{orderId === null ? '' : orderNumber(orderId)}</strong>? Esta ação não
      pode ser desfeita.
    </ConfirmDeleteModal>
  );
}

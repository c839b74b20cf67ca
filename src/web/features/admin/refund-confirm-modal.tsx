import type { ReactNode } from 'react';
import { ConfirmModal, requestStatus } from '../../components/confirm-modal.tsx';

type Props = {
  show: boolean;
  title: string;
  /** The amount as the button says it ("12,90 €"). */
  amount: string;
  refund: { isPending: boolean; isError: boolean; error: unknown };
  onConfirm: () => void;
  onCancel: () => void;
  onExited: () => void;
  children: ReactNode;
};

/** The owner's confirmation of a refund, an order's or a withdrawal's: the amount on the button, the refusal in the dialog. */
export function RefundConfirmModal({ show, title, amount, refund, onConfirm, onCancel, onExited, children }: Props) {
  return (
    <ConfirmModal
      show={show}
      title={title}
      confirmLabel={`Reembolsar ${amount}`}
      busyLabel="a reembolsar..."
      variant="danger"
      {...requestStatus(refund, 'Não foi possível fazer o reembolso.')}
      onConfirm={onConfirm}
      onCancel={onCancel}
      onExited={onExited}
    >
      {children}
    </ConfirmModal>
  );
}

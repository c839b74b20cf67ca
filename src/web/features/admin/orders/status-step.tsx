import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { nextOrderStatus, type OrderStatus, orderStatusLabel } from '#shared/orders.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { errorMessage } from '../../../api/client.ts';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { orderNumber } from '../../orders/order-ui.tsx';
import { useStepStatus } from './api.ts';

// The steps that e-mail the customer (orders/mails.ts): asked first, since an e-mail cannot be taken back.
const MAILS_CUSTOMER: ReadonlySet<OrderStatus> = new Set(['shipped', 'delivered']);

/**
 * The orders list's one step (issue #12): the order's next status from its row. A step that e-mails the
 * customer, or that ships an unpaid order, is confirmed first.
 */
export function StatusStepButton({ order, onDone }: { order: Order; onDone: (message: string) => void }) {
  const step = useStepStatus();
  const [asking, setAsking] = useState(false);
  const next = nextOrderStatus(order.status);
  if (!next) return null;
  const label = `Marcar como ${orderStatusLabel[next]}`;
  const go = () =>
    step.mutate(
      { id: order.id, status: next },
      {
        onSuccess: () => {
          setAsking(false);
          onDone(`Encomenda ${orderNumber(order.id)}: ${orderStatusLabel[next]}.`);
        },
      },
    );
  const unpaid = !order.paid_at && next !== 'processing';
  return (
    <>
      <Button
        size="sm"
        variant="outline-primary"
        className="text-nowrap"
        disabled={step.isPending}
        aria-label={`${label}: encomenda ${orderNumber(order.id)}`}
        onClick={() => (MAILS_CUSTOMER.has(next) || unpaid ? setAsking(true) : go())}
      >
        {label}
      </Button>
      {step.isError && !asking && <span className="d-block small text-danger mt-1">{errorMessage(step.error, 'Não foi possível mudar o estado.')}</span>}
      <ConfirmModal
        show={asking}
        title={label}
        confirmLabel={label}
        busyLabel="a guardar..."
        busy={step.isPending}
        error={step.isError ? errorMessage(step.error, 'Não foi possível mudar o estado.') : null}
        onConfirm={go}
        onCancel={() => {
          setAsking(false);
          step.reset();
        }}
      >
        {unpaid && <p className="fw-semibold">Esta encomenda ainda não foi paga.</p>}
        <p className="mb-0">
          {`A encomenda ${orderNumber(order.id)} passa a «${orderStatusLabel[next]}»`}
          {MAILS_CUSTOMER.has(next) ? ` e ${order.email} recebe um email a avisar.` : '.'}
        </p>
      </ConfirmModal>
    </>
  );
}

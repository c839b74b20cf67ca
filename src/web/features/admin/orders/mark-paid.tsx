import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { formatLongDateTime } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import { MANUAL_PAYMENT_METHODS, type ManualPaymentMethod, manualPaymentLabel } from '#shared/orders.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { ConfirmModal, requestStatus } from '../../../components/confirm-modal.tsx';
import { useMarkPaid } from './api.ts';
import BiCashCoinIcon from '~icons/bi/cash-coin';
import BiCheckCircleFillIcon from '~icons/bi/check-circle-fill';
import BiHourglassSplitIcon from '~icons/bi/hourglass-split';
import { LabelOptions } from '../../../components/form/label-options.tsx';

/**
 * Whether the order is paid, how, and what is owed back; for an unpaid order, "Marcar como paga": a
 * payment received outside the gateway, confirmed before it is recorded (the customer is mailed).
 */
export function OrderPaymentState({ order }: { order: Order }) {
  const [asking, setAsking] = useState(false);
  const payable = !order.paid_at && order.status !== 'cancelled';
  return (
    <div className="mb-3">
      {order.paid_at ?
        <p className="mb-2">
          <BiCheckCircleFillIcon className="bi text-success me-2" aria-hidden="true" />
          Paga em {formatLongDateTime(order.paid_at)}
          {order.paid_method && ` (${manualPaymentLabel[order.paid_method]}, registado na loja)`}.
          {order.paid_note && <span className="d-block small text-secondary">Nota: {order.paid_note}</span>}
        </p>
      : <p className="mb-2">
          <BiHourglassSplitIcon className="bi me-2" aria-hidden="true" />
          {order.status === 'cancelled' ? 'Cancelada sem pagamento.' : `Por pagar: ${formatEuros(order.total_price_with_tax)}.`}
        </p>
      }
      {order.refund_due != null && (
        <Alert variant={order.refunded_at ? 'secondary' : 'danger'} className="py-2 mb-2">
          {order.refunded_at ?
            `Reembolso de ${formatEuros(order.refund_due)} feito em ${formatLongDateTime(order.refunded_at)}.`
          : `Reembolso por fazer: ${formatEuros(order.refund_due - (order.refunded_total ?? 0))}. Faça-o em Reembolsos, abaixo.`}
        </Alert>
      )}
      {payable && (
        <Button variant="outline-success" onClick={() => setAsking(true)}>
          <BiCashCoinIcon className="bi me-2" aria-hidden="true" />
          Marcar como paga
        </Button>
      )}
      <MarkPaidModal order={order} show={asking} onClose={() => setAsking(false)} />
    </div>
  );
}

function MarkPaidModal({ order, show, onClose }: { order: Order; show: boolean; onClose: () => void }) {
  const markPaid = useMarkPaid(order.id);
  const [method, setMethod] = useState<ManualPaymentMethod>('transfer');
  const [note, setNote] = useState('');
  const methodId = useId();
  const noteId = useId();
  const close = () => {
    markPaid.reset();
    onClose();
  };
  return (
    <ConfirmModal
      show={show}
      title="Marcar como paga"
      confirmLabel="Confirmar pagamento"
      busyLabel="a registar..."
      {...requestStatus(markPaid, 'Não foi possível registar o pagamento.')}
      onConfirm={() => markPaid.mutate({ method, ...(note.trim() ? { note: note.trim() } : {}) }, { onSuccess: close })}
      onCancel={close}
    >
      <p>
        Registar que recebeu {formatEuros(order.total_price_with_tax)} desta encomenda fora do Multibanco e do MB WAY da loja? A referência ou o
        pedido MB WAY em aberto deixam de valer e o cliente recebe o e-mail de pagamento recebido.
      </p>
      <Form.Group className="mb-3" controlId={methodId}>
        <Form.Label>Como foi pago</Form.Label>
        <Form.Select value={method} onChange={(e) => setMethod(e.target.value as ManualPaymentMethod)} disabled={markPaid.isPending}>
          <LabelOptions values={MANUAL_PAYMENT_METHODS} labels={manualPaymentLabel} />
        </Form.Select>
      </Form.Group>
      <Form.Group controlId={noteId}>
        <Form.Label>Nota (opcional)</Form.Label>
        <Form.Control as="textarea" rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} disabled={markPaid.isPending} />
      </Form.Group>
    </ConfirmModal>
  );
}

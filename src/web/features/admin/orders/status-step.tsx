import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { nextOrderStatus, type OrderStatus, orderStatusLabel } from '#shared/orders.ts';
import { CARRIERS, carrierLabel } from '#shared/shipping.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { errorMessage } from '../../../api/client.ts';
import { ConfirmModal, requestStatus } from '../../../components/confirm-modal.tsx';
import { orderNumber } from '../../orders/order-ui.tsx';
import { useStepStatus } from './api.ts';
import { LabelOptions } from '../../../components/form/label-options.tsx';

// The steps that e-mail the customer (orders/mails.ts): asked first, since an e-mail cannot be taken back.
const MAILS_CUSTOMER: ReadonlySet<OrderStatus> = new Set(['shipped', 'delivered']);

type Parcel = { carrier: string; number: string };

/** The parcel's carrier and tracking number, asked when the order leaves (decision 0046); both optional. */
function ParcelFields({ parcel, onChange, disabled }: { parcel: Parcel; onChange: (parcel: Parcel) => void; disabled: boolean }) {
  const id = useId();
  return (
    <fieldset className="mt-3">
      <legend className="fs-6 fw-semibold mb-2">Envio (opcional)</legend>
      <Form.Group className="mb-2" controlId={`${id}-carrier`}>
        <Form.Label>Transportadora</Form.Label>
        <Form.Select value={parcel.carrier} disabled={disabled} onChange={(event) => onChange({ ...parcel, carrier: event.target.value })}>
          <option value="">Sem transportadora</option>
          <LabelOptions values={CARRIERS} labels={carrierLabel} />
        </Form.Select>
      </Form.Group>
      <Form.Group controlId={`${id}-number`}>
        <Form.Label>Número de seguimento</Form.Label>
        <Form.Control value={parcel.number} autoComplete="off" disabled={disabled} onChange={(event) => onChange({ ...parcel, number: event.target.value })} />
      </Form.Group>
    </fieldset>
  );
}

/**
 * The orders list's one step (issue #12): the order's next status from its row. A step that e-mails the
 * customer, or that ships an unpaid order, is confirmed first; shipping a parcel asks its carrier and
 * tracking number there, so the "Enviada" e-mail carries them. Emptied, a number the order had is cleared.
 */
export function StatusStepButton({ order, onDone }: { order: Order; onDone: (message: string) => void }) {
  const step = useStepStatus();
  const [asking, setAsking] = useState(false);
  const tracking = order.shipping?.tracking;
  const [parcel, setParcel] = useState<Parcel>({ carrier: tracking?.carrier ?? '', number: tracking?.number ?? '' });
  const next = nextOrderStatus(order.status);
  if (!next) return null;
  const label = `Marcar como ${orderStatusLabel[next]}`;
  const asksParcel = next === 'shipped' && !order.shipping?.method?.pickup;
  const parcelBody = () => {
    const number = parcel.number.trim();
    return {
      ...(parcel.carrier || tracking ? { tracking_carrier: parcel.carrier || null } : {}),
      ...(number || tracking ? { tracking_number: number || null } : {}),
    };
  };
  const go = () =>
    step.mutate(
      { id: order.id, status: next, ...(asksParcel ? parcelBody() : {}) },
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
        {...requestStatus(step, 'Não foi possível mudar o estado.')}
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
        {asksParcel && <ParcelFields parcel={parcel} onChange={setParcel} disabled={step.isPending} />}
      </ConfirmModal>
    </>
  );
}

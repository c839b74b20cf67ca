import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { formatLongDate, lisbonToday } from '#shared/dates.ts';
import { discountParts, refundedCents } from '#shared/discounts.ts';
import { formatCents, formatEuros, toCents } from '#shared/money.ts';
import { type Refund, refundMethodLabel } from '#shared/schemas/invoicing.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { errorMessage } from '../../../api/client.ts';
import { DocumentLink } from '../../orders/order-documents.tsx';
import { NoticeAlert } from '../notice-alert.tsx';
import { RefundConfirmModal } from '../refund-confirm-modal.tsx';
import { TransferRefundFields } from '../transfer-refund-fields.tsx';
import { type RefundPayload, useCreditNoteWords, useRefund, useResolveRefund, useRetryDocument } from './api.ts';
import { RequestedRefund, type Resolving, ResolveRefundModal } from './resolve-refund.tsx';
import BiArrowCounterclockwiseIcon from '~icons/bi/arrow-counterclockwise';

/** What is still refundable of each line (bought less given back) and whether the shipping still is. */
export function refundable(order: Order) {
  const given = new Map<number, number>();
  for (const line of (order.refunds ?? []).flatMap((r) => r.lines)) given.set(line.item_id, (given.get(line.item_id) ?? 0) + line.quantity);
  const lines = order.orderItems.map((item) => ({ item, left: item.quantity - (given.get(item.id) ?? 0) }));
  const shipping = order.shipping_cost > 0 && !(order.refunds ?? []).some((r) => r.shipping > 0);
  return { lines, shipping, any: shipping || lines.some((l) => l.left > 0) };
}

/**
 * What giving back `quantities` returns, line by line, as the server counts it: each line at its worth after the
 * order's discount code (decision 0054), its parts per VAT rate split again from the amount the order kept.
 */
function refundPreviewCents(lines: ReturnType<typeof refundable>['lines'], order: Order, quantities: Map<number, number>) {
  const sold = lines.map(({ item, left }) => ({
    vatRate: item.vat_rate ?? 23,
    unitPriceCents: toCents(item.price),
    quantity: item.quantity,
    given: item.quantity - left,
    back: quantities.get(item.id) ?? 0,
  }));
  const parts = order.discount ? discountParts(toCents(order.discount.amount), sold.map((l) => ({ rate: l.vatRate, cents: l.unitPriceCents * l.quantity }))) : [];
  return refundedCents(sold, parts);
}

type RefundItemProps = { refund: Refund; order: Order; resolving: boolean; onResolve: (resolving: Resolving) => void };

function RefundItem({ refund, order, resolving, onResolve }: RefundItemProps) {
  const retry = useRetryDocument();
  return (
    <li className="border rounded p-3 mb-2">
      <div className="d-flex flex-wrap gap-2">
        <span className="fw-semibold">{formatEuros(refund.amount)}</span>
        <span>{refundMethodLabel[refund.method]}</span>
        <span className="text-secondary">{formatLongDate(refund.transferred_on ?? refund.created_at)}</span>
        {refund.status === 'requested' && <span className="text-secondary">(a aguardar a ifthenpay)</span>}
      </div>
      {refund.status === 'requested' && <RequestedRefund refund={refund} busy={resolving} onAnswer={onResolve} />}
      {refund.iban && <div className="small text-break">IBAN {refund.iban}</div>}
      {refund.note && <div className="small text-secondary">Nota: {refund.note}</div>}
      <div className="mt-1">
        {refund.credit_note ?
          <DocumentLink document={refund.credit_note} />
        : <span className="small">
            Nota de crédito por emitir{refund.credit_note_error ? `: ${refund.credit_note_error}` : '.'}
            {refund.credit_note_error && (
              <Button size="sm" variant="link" className="p-0 ms-2 align-baseline" disabled={retry.isPending} onClick={() => retry.mutate({ orderId: order.id, refundId: refund.id })}>
                Tentar de novo
              </Button>
            )}
          </span>
        }
        {retry.isError && <div className="small text-danger">{errorMessage(retry.error, 'Não foi possível pedir a nota de crédito.')}</div>}
        {retry.isSuccess && <div className="small text-success">{retry.data.message}</div>}
      </div>
    </li>
  );
}

/**
 * The order's refunds (backoffice, order page): what went back, how, and each credit note; for an MB WAY
 * refund left waiting on ifthenpay, the owner's answer; and for a paid order with something left to give
 * back, "Reembolsar".
 */
export function OrderRefundsPanel({ order }: { order: Order }) {
  const [asking, setAsking] = useState(false);
  // The answer's dialog lives here, not in the refund's item: a recorded answer removes or changes the item.
  const resolve = useResolveRefund(order.id);
  const [resolving, setResolving] = useState<Resolving | null>(null);
  const [showResolving, setShowResolving] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  if (!order.paid_at) return null;
  const left = refundable(order);
  const answer = (next: Resolving) => {
    resolve.reset();
    setNotice(null);
    setResolving(next);
    setShowResolving(true);
  };
  return (
    <Card className="mt-4" id="reembolsos">
      <Card.Body>
        <h2 className="h5 mb-3">Reembolsos</h2>
        <NoticeAlert notice={notice} onClose={() => setNotice(null)} />
        {order.refunds?.length ?
          <ul className="list-unstyled" aria-label="Reembolsos da encomenda">
            {order.refunds.map((refund) => (
              <RefundItem key={refund.id} refund={refund} order={order} resolving={resolve.isPending} onResolve={answer} />
            ))}
          </ul>
        : <p className="text-secondary">Nenhum reembolso feito.</p>}
        {left.any && (
          <Button variant={order.refund_due != null && !order.refunded_at ? 'danger' : 'outline-danger'} onClick={() => setAsking(true)}>
            <BiArrowCounterclockwiseIcon className="bi me-2" aria-hidden="true" />
            Reembolsar
          </Button>
        )}
        {asking && <RefundModal order={order} onClose={() => setAsking(false)} />}
        {resolving && (
          <ResolveRefundModal
            resolving={resolving}
            resolve={resolve}
            show={showResolving}
            onDone={(done) => {
              setNotice(done);
              setShowResolving(false);
            }}
            onCancel={() => setShowResolving(false)}
            onExited={() => setResolving(null)}
          />
        )}
      </Card.Body>
    </Card>
  );
}

function RefundModal({ order, onClose }: { order: Order; onClose: () => void }) {
  const refund = useRefund(order.id);
  const left = refundable(order);
  // A cancelled order owes everything: the form starts there; otherwise the owner picks what came back.
  const everything = order.refund_due != null;
  const [quantities, setQuantities] = useState(() => new Map(left.lines.map((l) => [l.item.id, everything ? l.left : 0])));
  const [shipping, setShipping] = useState(everything && left.shipping);
  const [method, setMethod] = useState<RefundPayload['method']>(order.mbway_refundable ? 'mbway' : 'transfer');
  const [iban, setIban] = useState('');
  const [date, setDate] = useState(lisbonToday());
  const [note, setNote] = useState('');
  const [show, setShow] = useState(true);
  const id = useId();
  const creditNote = useCreditNoteWords();
  const cents = refundPreviewCents(left.lines, order, quantities).reduce((a, b) => a + b, 0) + (shipping ? toCents(order.shipping_cost) : 0);
  const submit = () => {
    const body: RefundPayload = {
      method,
      lines: [...quantities].filter(([, q]) => q > 0).map(([item_id, quantity]) => ({ item_id, quantity })),
      shipping,
      ...(method === 'transfer' ? { iban, transferred_on: date } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    refund.mutate(body, { onSuccess: () => setShow(false) });
  };
  return (
    <RefundConfirmModal show={show} title="Reembolsar" amount={formatCents(cents)} refund={refund} onConfirm={submit} onCancel={() => setShow(false)} onExited={onClose}>
      <fieldset className="mb-3" disabled={refund.isPending}>
        <legend className="fs-6 fw-semibold">O que devolve</legend>
        {left.lines.map(({ item, left: max }) => (
          <Form.Group key={item.id} className="d-flex align-items-center gap-2 mb-2" controlId={`${id}-item-${item.id}`}>
            <Form.Label className="mb-0 me-auto">
              {item.product.name}
              {item.variant && ` (${item.variant.name})`}
              <span className="d-block small text-secondary">
                {formatEuros(item.price)} cada · {max} de {item.quantity} por devolver
              </span>
            </Form.Label>
            <Form.Control
              type="number"
              min={0}
              max={max}
              className="w-auto"
              style={{ maxWidth: '6rem' }}
              value={quantities.get(item.id) ?? 0}
              disabled={max === 0}
              onChange={(e) => setQuantities(new Map(quantities).set(item.id, Math.max(0, Math.min(max, Math.trunc(Number(e.target.value) || 0)))))}
            />
          </Form.Group>
        ))}
        {left.shipping && (
          <Form.Check id={`${id}-shipping`} label={`Portes (${formatEuros(order.shipping_cost)})`} checked={shipping} onChange={(e) => setShipping(e.target.checked)} />
        )}
      </fieldset>
      <fieldset className="mb-3" disabled={refund.isPending}>
        <legend className="fs-6 fw-semibold">Como devolve</legend>
        <Form.Check
          type="radio"
          id={`${id}-mbway`}
          name={`${id}-method`}
          label="MB WAY ou cartão: a ifthenpay devolve ao telemóvel ou ao cartão que pagou"
          checked={method === 'mbway'}
          disabled={!order.mbway_refundable}
          onChange={() => setMethod('mbway')}
        />
        <Form.Check
          type="radio"
          id={`${id}-transfer`}
          name={`${id}-method`}
          label="Transferência bancária que já fiz"
          checked={method === 'transfer'}
          onChange={() => setMethod('transfer')}
        />
        {!order.mbway_refundable && <Form.Text>Esta encomenda não foi paga por MB WAY nem por cartão através da loja.</Form.Text>}
      </fieldset>
      {method === 'transfer' && (
        <TransferRefundFields id={id} disabled={refund.isPending} iban={iban} onIban={setIban} date={date} onDate={setDate} className="mb-3" dateClassName="mb-2" />
      )}
      <Form.Group controlId={`${id}-note`}>
        <Form.Label>Nota (opcional)</Form.Label>
        <Form.Control as="textarea" rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} disabled={refund.isPending} />
      </Form.Group>
      <p className="mt-3 mb-0">
        A devolver: <strong>{formatCents(cents)}</strong>. O cliente recebe um e-mail. {creditNote}
      </p>
    </RefundConfirmModal>
  );
}

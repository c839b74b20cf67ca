import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { lisbonToday } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import type { Withdrawal, WithdrawalRefundBody } from '#shared/schemas/withdrawals.ts';
import { RefundConfirmModal } from '../refund-confirm-modal.tsx';
import { TransferRefundFields } from '../transfer-refund-fields.tsx';
import { useRefundWithdrawal } from './api.ts';

/** One action: the withdrawn lines and their delivery cost go back by the order's refund (credit note and e-mail follow). */
export function RefundWithdrawalModal({ withdrawal, onDone, onClose }: { withdrawal: Withdrawal; onDone: (message: string) => void; onClose: () => void }) {
  const id = useId();
  const refund = useRefundWithdrawal(withdrawal.id);
  const [show, setShow] = useState(true);
  const [method, setMethod] = useState<WithdrawalRefundBody['method']>('transfer');
  const [iban, setIban] = useState('');
  const [date, setDate] = useState(lisbonToday());
  const submit = () =>
    refund.mutate(method === 'transfer' ? { method, iban, transferred_on: date } : { method }, {
      onSuccess: () => {
        onDone(`Desistência n.º ${withdrawal.id} reembolsada: o cliente recebe um e-mail e a nota de crédito.`);
        setShow(false);
      },
    });
  return (
    <RefundConfirmModal
      show={show}
      title={`Reembolsar a desistência n.º ${withdrawal.id}`}
      amount={formatEuros(withdrawal.amount)}
      refund={refund}
      onConfirm={submit}
      onCancel={() => setShow(false)}
      onExited={onClose}
    >
      <p>
        Encomenda n.º {withdrawal.order_id}: {withdrawal.lines.map((l) => `${l.quantity} × ${l.name}`).join('; ')}
        {withdrawal.shipping > 0 && ` e os portes (${formatEuros(withdrawal.shipping)})`}.
      </p>
      <fieldset className="mb-3" disabled={refund.isPending}>
        <legend className="fs-6 fw-semibold">Como devolve</legend>
        <Form.Check type="radio" id={`${id}-transfer`} name={`${id}-method`} label="Transferência bancária que já fiz" checked={method === 'transfer'} onChange={() => setMethod('transfer')} />
        <Form.Check type="radio" id={`${id}-mbway`} name={`${id}-method`} label="MB WAY ou cartão: a ifthenpay devolve ao telemóvel ou ao cartão que pagou" checked={method === 'mbway'} onChange={() => setMethod('mbway')} />
      </fieldset>
      {method === 'transfer' && (
        <TransferRefundFields id={id} disabled={refund.isPending} iban={iban} onIban={setIban} date={date} onDate={setDate} className="mb-0" />
      )}
    </RefundConfirmModal>
  );
}

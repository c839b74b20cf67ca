import Button from 'react-bootstrap/Button';
import { formatEuros } from '#shared/money.ts';
import type { Refund, ResolveRefundBody } from '#shared/schemas/invoicing.ts';
import { ConfirmModal, requestStatus } from '../../../components/confirm-modal.tsx';
import type { useResolveRefund } from './api.ts';

/* An MB WAY refund left waiting on ifthenpay (the shop stopped before recording its answer): the owner checks
   ifthenpay's back office and says whether the money went back (ADR 0019). */

type Outcome = ResolveRefundBody['outcome'];
export type Resolving = { refund: Refund; outcome: Outcome };

/** What the owner is told once her answer is recorded. */
export const resolvedNotice: Record<Outcome, string> = {
  settled: 'Reembolso registado como devolvido: o cliente recebe um e-mail.',
  cancelled: 'Pedido de reembolso anulado: nada ficou registado como devolvido e pode fazer o reembolso de novo.',
};

/** Under a refund still 'requested': why it waits, and her two answers. */
export function RequestedRefund({ refund, busy, onAnswer }: { refund: Refund; busy: boolean; onAnswer: (resolving: Resolving) => void }) {
  return (
    <div className="small mt-2">
      <p className="mb-2">
        A loja pediu este reembolso à ifthenpay mas não chegou a registar a resposta. Veja no backoffice da ifthenpay se o dinheiro foi
        devolvido ao cliente e diga-o aqui.
      </p>
      <div className="d-flex flex-wrap gap-2">
        <Button size="sm" variant="outline-success" disabled={busy} onClick={() => onAnswer({ refund, outcome: 'settled' })}>
          Foi devolvido
        </Button>
        <Button size="sm" variant="outline-danger" disabled={busy} onClick={() => onAnswer({ refund, outcome: 'cancelled' })}>
          Não foi devolvido
        </Button>
      </div>
    </div>
  );
}

const questions: Record<Outcome, { title: string; confirm: string; busy: string; question: (amount: string) => string }> = {
  settled: {
    title: 'Foi devolvido',
    confirm: 'Registar como devolvido',
    busy: 'a registar...',
    question: (amount) =>
      `Confirmou no backoffice da ifthenpay que os ${amount} foram devolvidos ao cliente por MB WAY? O reembolso fica registado e o cliente recebe um e-mail.`,
  },
  cancelled: {
    title: 'Não foi devolvido',
    confirm: 'Anular o pedido',
    busy: 'a anular...',
    question: (amount) =>
      `Confirmou no backoffice da ifthenpay que os ${amount} não foram devolvidos ao cliente? O pedido é anulado, nada fica registado como devolvido e pode fazer o reembolso de novo.`,
  },
};

/** The question before her answer is recorded; the server's message when it refuses (too soon, already resolved). */
export function ResolveRefundModal({
  resolving,
  resolve,
  show,
  onDone,
  onCancel,
  onExited,
}: {
  resolving: Resolving;
  resolve: ReturnType<typeof useResolveRefund>;
  show: boolean;
  onDone: (notice: string) => void;
  onCancel: () => void;
  onExited: () => void;
}) {
  const { refund, outcome } = resolving;
  const words = questions[outcome];
  return (
    <ConfirmModal
      show={show}
      title={words.title}
      confirmLabel={words.confirm}
      busyLabel={words.busy}
      variant={outcome === 'cancelled' ? 'danger' : 'primary'}
      {...requestStatus(resolve, 'Não foi possível registar a resposta.')}
      onConfirm={() => resolve.mutate({ refundId: refund.id, outcome }, { onSuccess: () => onDone(resolvedNotice[outcome]) })}
      onCancel={onCancel}
      onExited={onExited}
    >
      <p className="mb-0">{words.question(formatEuros(refund.amount))}</p>
    </ConfirmModal>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { formatLongDateTime } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import type { RefundDue } from '#shared/schemas/orders.ts';
import { errorMessage } from '../../../api/client.ts';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { paths } from '#shared/paths.ts';
import { orderNumber } from '../../orders/order-ui.tsx';
import { refundsQueryOptions, useMarkRefunded } from './api.ts';
import BiArrowCounterclockwiseIcon from '~icons/bi/arrow-counterclockwise';

/**
 * Cancelled orders that had been paid: the money is owed back. Shown on top of the orders tab until the
 * owner marks each refund as done (the customer is then told by e-mail).
 */
export function RefundAlerts() {
  const refunds = useQuery(refundsQueryOptions);
  const refund = useMarkRefunded();
  const [asking, setAsking] = useState<RefundDue | null>(null);
  const [shown, setShown] = useState<RefundDue | null>(null);
  if (!refunds.data?.length && !asking) return null;
  const close = () => {
    setAsking(null);
    refund.reset();
  };
  return (
    <>
      {refunds.data && refunds.data.length > 0 && (
        <Alert variant="danger" className="mb-3">
          <h2 className="h6 alert-heading">
            <BiArrowCounterclockwiseIcon className="bi me-2" aria-hidden="true" />
            Reembolsos por fazer ({refunds.data.length})
          </h2>
          <p className="small mb-2">Encomendas pagas e depois canceladas: devolva o valor ao cliente pelo mesmo meio de pagamento e marque-o aqui.</p>
          <ul className="list-unstyled mb-0">
            {refunds.data.map((due) => (
              <li key={due.order_id} className="d-flex flex-wrap align-items-center gap-2 py-1 border-top border-danger-subtle">
                <span className="me-auto">
                  <Link className="alert-link" to={paths.adminEditOrder(due.order_id)}>Encomenda {orderNumber(due.order_id)}</Link>
                  {`: ${formatEuros(due.amount)} a ${due.email}`}
                  <span className="small"> · cancelada em {formatLongDateTime(due.cancelled_at)}</span>
                </span>
                <Button
                  size="sm"
                  variant="outline-dark"
                  onClick={() => {
                    setAsking(due);
                    setShown(due);
                  }}
                >
                  Marcar como reembolsada
                </Button>
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <ConfirmModal
        show={asking !== null}
        title="Reembolso feito?"
        confirmLabel="Confirmar reembolso"
        busyLabel="a registar..."
        busy={refund.isPending}
        error={refund.isError ? errorMessage(refund.error, 'Não foi possível registar o reembolso.') : null}
        onConfirm={() => asking && refund.mutate(asking.order_id, { onSuccess: close })}
        onCancel={close}
        onExited={() => setShown(null)}
      >
        {shown && (
          <p className="mb-0">
            Confirma que devolveu {formatEuros(shown.amount)} da encomenda {orderNumber(shown.order_id)} a {shown.email}? O cliente recebe um e-mail a avisar.
          </p>
        )}
      </ConfirmModal>
    </>
  );
}

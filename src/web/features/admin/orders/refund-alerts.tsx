import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatLongDateTime } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import { paths } from '#shared/paths.ts';
import { orderNumber } from '../../orders/order-ui.tsx';
import { AlertList } from './alert-list.tsx';
import { refundsQueryOptions } from './api.ts';
import BiArrowCounterclockwiseIcon from '~icons/bi/arrow-counterclockwise';

/**
 * Cancelled orders that had been paid: the money is owed back. Shown on top of the orders tab until the
 * owner gives it back from each order's page (by MB WAY or her transfer; the customer is told by e-mail).
 */
export function RefundAlerts() {
  const refunds = useQuery(refundsQueryOptions);
  if (!refunds.data?.length) return null;
  return (
    <AlertList
      variant="danger"
      icon={<BiArrowCounterclockwiseIcon className="bi me-2" aria-hidden="true" />}
      title="Reembolsos por fazer"
      intro="Encomendas pagas e depois canceladas: devolva o valor ao cliente a partir da página da encomenda."
      rows={refunds.data}
      keyOf={(due) => due.order_id}
      text={(due) => (
        <>
          {`Encomenda ${orderNumber(due.order_id)}: ${formatEuros(due.amount)} a ${due.email}`}
          <span className="small"> · cancelada em {formatLongDateTime(due.cancelled_at)}</span>
        </>
      )}
      action={(due) => (
        <Link
          className="btn btn-sm btn-outline-dark"
          to={`${paths.adminEditOrder(due.order_id)}#reembolsos`}
          aria-label={`Reembolsar a encomenda ${orderNumber(due.order_id)}`}
        >
          Reembolsar
        </Link>
      )}
    />
  );
}

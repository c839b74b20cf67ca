import { useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { formatLongDateTime } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import { paths } from '#shared/paths.ts';
import { orderNumber } from '../../orders/order-ui.tsx';
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
    <Alert variant="danger" className="mb-3">
      <h2 className="h6 alert-heading">
        <BiArrowCounterclockwiseIcon className="bi me-2" aria-hidden="true" />
        Reembolsos por fazer ({refunds.data.length})
      </h2>
      <p className="small mb-2">Encomendas pagas e depois canceladas: devolva o valor ao cliente a partir da página da encomenda.</p>
      <ul className="list-unstyled mb-0">
        {refunds.data.map((due) => (
          <li key={due.order_id} className="d-flex flex-wrap align-items-center gap-2 py-1 border-top border-danger-subtle">
            <span className="me-auto">
              {`Encomenda ${orderNumber(due.order_id)}: ${formatEuros(due.amount)} a ${due.email}`}
              <span className="small"> · cancelada em {formatLongDateTime(due.cancelled_at)}</span>
            </span>
            <Link
              className="btn btn-sm btn-outline-dark"
              to={`${paths.adminEditOrder(due.order_id)}#reembolsos`}
              aria-label={`Reembolsar a encomenda ${orderNumber(due.order_id)}`}
            >
              Reembolsar
            </Link>
          </li>
        ))}
      </ul>
    </Alert>
  );
}

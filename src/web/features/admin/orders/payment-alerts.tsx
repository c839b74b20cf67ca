import { useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { formatLongDateTime } from '#shared/dates.ts';
import { paymentAlertLabel } from '#shared/schemas/payments.ts';
import { errorMessage } from '../../../api/client.ts';
import { paths } from '#shared/paths.ts';
import { paymentAlertsQueryOptions, useResolvePaymentAlert } from './api.ts';
import BiExclamationTriangleIcon from '~icons/bi/exclamation-triangle';

/**
 * Money the gateway confirmed but no order could take (cancelled, already paid, another amount): shown on
 * top of the orders tab until the admin marks it resolved, so none is forgotten.
 */
export function PaymentAlerts() {
  const alerts = useQuery(paymentAlertsQueryOptions);
  const resolve = useResolvePaymentAlert();
  if (!alerts.data?.length) return null;
  return (
    <Alert variant="warning" className="mb-3">
      <h2 className="h6 alert-heading">
        <BiExclamationTriangleIcon className="bi me-2" aria-hidden="true" />
        Pagamentos a verificar ({alerts.data.length})
      </h2>
      <p className="small mb-2">Estes pagamentos chegaram mas não foram aplicados a nenhuma encomenda. Verifique e, se for o caso, reembolse o cliente.</p>
      <ul className="list-unstyled mb-0">
        {alerts.data.map((alert) => (
          <li key={alert.id} className="d-flex flex-wrap align-items-center gap-2 py-1 border-top border-warning-subtle">
            <span className="me-auto">
              {alert.order_id ? <Link to={paths.adminEditOrder(alert.order_id)}>Encomenda N.º {alert.order_id}</Link> : 'Sem encomenda'}
              {': '}
              {paymentAlertLabel[alert.outcome] ?? alert.outcome}
              {alert.params.amount ? ` (${alert.params.amount.replace('.', ',')} €)` : ''}
              <span className="text-secondary small"> · {formatLongDateTime(alert.receivedAt)}</span>
            </span>
            <Button size="sm" variant="outline-dark" disabled={resolve.isPending} onClick={() => resolve.mutate(alert.id)}>
              Marcar como resolvido
            </Button>
          </li>
        ))}
      </ul>
      {resolve.isError && <p className="text-danger small mt-2 mb-0">{errorMessage(resolve.error, 'Não foi possível marcar o alerta como resolvido.')}</p>}
    </Alert>
  );
}

import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { formatLongDateTime } from '#shared/dates.ts';
import { paymentAlertLabel } from '#shared/schemas/payments.ts';
import { errorMessage } from '../../../api/client.ts';
import { paths } from '#shared/paths.ts';
import { AlertList } from './alert-list.tsx';
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
    <AlertList
      variant="warning"
      icon={<BiExclamationTriangleIcon className="bi me-2" aria-hidden="true" />}
      title="Pagamentos a verificar"
      intro="Estes pagamentos chegaram mas não foram aplicados a nenhuma encomenda. Verifique e, se for o caso, reembolse o cliente."
      rows={alerts.data}
      keyOf={(alert) => alert.id}
      text={(alert) => (
        <>
          {alert.order_id ? <Link to={paths.adminEditOrder(alert.order_id)}>Encomenda N.º {alert.order_id}</Link> : 'Sem encomenda'}
          {': '}
          {paymentAlertLabel[alert.outcome] ?? alert.outcome}
          {alert.params.amount ? ` (${alert.params.amount.replace('.', ',')} €)` : ''}
          <span className="text-secondary small"> · {formatLongDateTime(alert.receivedAt)}</span>
        </>
      )}
      action={(alert) => (
        <Button size="sm" variant="outline-dark" disabled={resolve.isPending} onClick={() => resolve.mutate(alert.id)}>
          Marcar como resolvido
        </Button>
      )}
    >
      {resolve.isError && <p className="text-danger small mt-2 mb-0">{errorMessage(resolve.error, 'Não foi possível marcar o alerta como resolvido.')}</p>}
    </AlertList>
  );
}

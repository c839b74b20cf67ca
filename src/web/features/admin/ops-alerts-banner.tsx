import { queryOptions, useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import type { OpsAlertList } from '#shared/schemas/ops.ts';
import { api } from '../../api/client.ts';

/** GET /ops/alerts: what the owner was (or is about to be) mailed about; looked at again every minute. */
const opsAlertsQueryOptions = queryOptions({
  queryKey: ['admin', 'ops-alerts'] as const,
  queryFn: ({ signal }) => api.get<OpsAlertList>('/ops/alerts', { signal }),
  refetchInterval: 60_000,
});

const since = (iso: string) => new Date(iso).toLocaleString('pt-PT', { timeZone: 'Europe/Lisbon', dateStyle: 'short', timeStyle: 'short' });

/**
 * The operations alerts on top of the dashboard (issue #31): mails failing, the queue stuck, payments silent,
 * the database's last outage, a failed backup. Nothing while all is well, or while the list cannot be read.
 */
export function OpsAlertsBanner() {
  const alerts = useQuery(opsAlertsQueryOptions).data?.alerts ?? [];
  if (alerts.length === 0) return null;
  return (
    <Alert variant="danger" role="status">
      <h2 className="h6 alert-heading">{alerts.length === 1 ? 'Um problema na loja precisa de atenção' : `${alerts.length} problemas na loja precisam de atenção`}</h2>
      <ul className="mb-0 ps-3">
        {alerts.map((alert) => (
          <li key={alert.kind}>
            <strong>{alert.title}</strong> (desde {since(alert.since)}). {alert.text}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

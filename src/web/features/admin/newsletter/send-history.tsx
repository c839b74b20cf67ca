import { useQuery } from '@tanstack/react-query';
import Badge from 'react-bootstrap/Badge';
import { formatDateTime } from '#shared/dates.ts';
import { newsletterMessages, type SendStatus, sendStatusLabel } from '#shared/schemas/newsletter.ts';
import { QueryState } from '../query-state.tsx';
import { sendsQueryOptions } from './api.ts';
import { AdminTable } from '../admin-table.tsx';

const badge: Record<SendStatus, { bg: string; text?: 'dark' }> = {
  sending: { bg: 'info', text: 'dark' },
  done: { bg: 'success' },
  stopped: { bg: 'warning', text: 'dark' },
};

/** Past sends: when, which title, to how many, how many failed (refreshed while one is running). */
export function SendHistory({ sending }: { sending: boolean }) {
  const sends = useQuery(sendsQueryOptions(sending));
  return (
    <section aria-labelledby="newsletter-history-title" className="mt-5">
      <h2 id="newsletter-history-title" className="h5 mb-3">
        Histórico de envios
      </h2>
      <QueryState
        query={sends}
        loadingLabel="A carregar o histórico de envios..."
        loadError={newsletterMessages.historyError}
        empty={<p className="text-secondary">Ainda não foi enviada nenhuma newsletter.</p>}
      >
        {(history) => (
          <AdminTable
            label="Histórico de envios"
            caption="Envios da newsletter, do mais recente para o mais antigo"
            columns={['Data', 'Título', 'Estado', { label: 'Destinatários', className: 'text-end' }, { label: 'Enviados', className: 'text-end' }, { label: 'Falhados', className: 'text-end' }]}
          >
            {history.map((send) => (
              <tr key={send.id}>
                <td className="text-nowrap">
                  <time dateTime={send.startedAt}>{formatDateTime(send.startedAt)}</time>
                </td>
                <th scope="row" className="fw-semibold text-break" style={{ minWidth: '10rem' }}>
                  {send.title}
                </th>
                <td>
                  <Badge bg={badge[send.status].bg} text={badge[send.status].text}>
                    {sendStatusLabel[send.status]}
                  </Badge>
                </td>
                <td className="text-end">{send.recipients}</td>
                <td className="text-end">{send.sent}</td>
                <td className="text-end">{send.failed}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </QueryState>
    </section>
  );
}

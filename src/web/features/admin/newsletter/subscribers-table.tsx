import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { formatDate } from '#shared/dates.ts';
import { type Subscriber, type SubscriberStatus, subscriberStatusLabel } from '#shared/schemas/newsletter.ts';
import { AdminTable } from '../admin-table.tsx';

const badge: Record<SubscriberStatus, { bg: string; text?: 'dark' }> = {
  pending: { bg: 'warning', text: 'dark' },
  confirmed: { bg: 'success' },
  unsubscribed: { bg: 'secondary' },
};

type Props = {
  subscribers: readonly Subscriber[];
  onDelete: (subscriber: Subscriber) => void;
};

export function SubscribersTable({ subscribers, onDelete }: Props) {
  return (
    <AdminTable
      label="Lista de subscritores"
      caption="Subscritores da newsletter"
      columns={['Email', 'Estado', { label: 'Subscrito em', className: 'text-nowrap' }, 'Ações']}
    >
      {subscribers.map((subscriber) => (
        <tr key={subscriber.id}>
          <th scope="row" className="fw-semibold text-break" style={{ minWidth: '12rem' }}>
            {subscriber.email}
          </th>
          <td>
            <Badge bg={badge[subscriber.status].bg} text={badge[subscriber.status].text}>
              {subscriberStatusLabel[subscriber.status]}
            </Badge>
          </td>
          <td className="text-nowrap">
            {subscriber.subscribed_at ?
              <time dateTime={subscriber.subscribed_at}>{formatDate(subscriber.subscribed_at)}</time>
            : <span className="text-secondary">
                Pedido em <time dateTime={subscriber.created_at}>{formatDate(subscriber.created_at)}</time>
              </span>
            }
          </td>
          <td>
            <Button size="sm" variant="outline-danger" onClick={() => onDelete(subscriber)} aria-label={`Eliminar subscritor ${subscriber.email}`}>
              Eliminar
            </Button>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

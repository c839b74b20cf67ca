import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { formatDate } from '#shared/dates.ts';
import { type Subscriber, type SubscriberStatus, subscriberStatusLabel } from '#shared/schemas/newsletter.ts';

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
    // Scrolls sideways on a phone; focusable so the keyboard can scroll it too.
    <div className="table-responsive" role="region" aria-label="Lista de subscritores" tabIndex={0}>
      <Table hover className="align-middle mb-0">
        <caption className="visually-hidden">Subscritores da newsletter</caption>
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Estado</th>
            <th scope="col" className="text-nowrap">
              Subscrito em
            </th>
            <th scope="col">Ações</th>
          </tr>
        </thead>
        <tbody>
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
        </tbody>
      </Table>
    </div>
  );
}

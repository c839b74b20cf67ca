import { useQuery } from '@tanstack/react-query';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { WITHDRAW_LABEL } from '#shared/withdrawal.ts';
import { withdrawalQueryOptions } from './api.ts';
import { WithdrawalRequests } from './withdrawal-done.tsx';
import { periodSentence } from './withdrawal-steps.tsx';

/**
 * "Desistir do contrato" on an order's page (issue #28), the signed-in customer's and the guest's alike: shown
 * while the period runs (the server says so), with the requests already made.
 */
export function WithdrawalEntry({ orderId, token, cancelled }: { orderId: number; token?: string | undefined; cancelled: boolean }) {
  const overview = useQuery({ ...withdrawalQueryOptions(orderId, token), enabled: !cancelled });
  const data = overview.data;
  if (cancelled || !data || (!data.open && !data.requests.length)) return null;
  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">Livre resolução</h2>
        {data.open && (
          <>
            <p>Pode desistir desta compra sem indicar o motivo. {periodSentence(data)}</p>
            <Link to={paths.withdrawal(orderId, token)} className="btn btn-outline-primary">
              {WITHDRAW_LABEL}
            </Link>
          </>
        )}
        <WithdrawalRequests requests={data.requests} />
      </Card.Body>
    </Card>
  );
}

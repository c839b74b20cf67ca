import { useEffect, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { formatLongDate, formatLongDateTime } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import { type Withdrawal, type WithdrawalAnswer, withdrawalStatusLabel } from '#shared/schemas/withdrawals.ts';

const lastDay = (exclusiveEnd: string) => formatLongDate(new Date(Date.parse(exclusiveEnd) - 1).toISOString());

/** What happens next (the acknowledgement mail says the same): where the goods go, by when the money comes back. */
function NextSteps({ withdrawal, returnAddress }: { withdrawal: Withdrawal; returnAddress: string }) {
  return (
    <>
      <h2 className="h5 mt-4">O que acontece agora</h2>
      <ol>
        <li>
          Devolva os artigos, no prazo de 14 dias, para: <address className="d-inline">{returnAddress}</address>. Os custos da devolução são seus,
          salvo se o produto tiver defeito ou não corresponder à encomenda.
        </li>
        <li>
          Reembolsamos <strong>{formatEuros(withdrawal.amount)}</strong>
          {withdrawal.shipping > 0 && <> (inclui {formatEuros(withdrawal.shipping)} de portes)</>} pelo mesmo meio de pagamento até{' '}
          <strong>{lastDay(withdrawal.refund_due_by)}</strong>; podemos aguardar a receção dos artigos ou a prova do seu envio.
        </li>
      </ol>
    </>
  );
}

/** After step 2: the request as stored, its date and time, the acknowledgement sent, what happens next. */
export function WithdrawalDone({ answer, returnAddress }: { answer: WithdrawalAnswer; returnAddress: string }) {
  const heading = useRef<HTMLDivElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const withdrawal = answer.withdrawal as Withdrawal;
  return (
    <Card>
      <Card.Body>
        <div ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          <Alert variant="success">
            Desistência registada em <time dateTime={withdrawal.requested_at}>{formatLongDateTime(withdrawal.requested_at)}</time> (pedido n.º{' '}
            {withdrawal.id}). Enviámos o comprovativo para {withdrawal.email}.
          </Alert>
        </div>
        <blockquote className="withdrawal-statement">{answer.statement.statement}</blockquote>
        <NextSteps withdrawal={withdrawal} returnAddress={returnAddress} />
      </Card.Body>
    </Card>
  );
}

/** The requests already made for this order, with their state. */
export function WithdrawalRequests({ requests }: { requests: Withdrawal[] }) {
  if (!requests.length) return null;
  return (
    <section className="mt-4" aria-labelledby="withdrawal-requests-title">
      <h2 id="withdrawal-requests-title" className="h5">
        Pedidos de desistência desta encomenda
      </h2>
      <ul className="list-unstyled">
        {requests.map((r) => (
          <li key={r.id} className="border-bottom py-2">
            <span className="fw-semibold">Pedido n.º {r.id}</span>, <time dateTime={r.requested_at}>{formatLongDateTime(r.requested_at)}</time>:{' '}
            {r.lines.map((l) => `${l.quantity} × ${l.name}`).join('; ')} ({formatEuros(r.amount)}){' '}
            <Badge bg={r.status === 'refunded' ? 'success' : 'warning'} text={r.status === 'refunded' ? undefined : 'dark'}>
              {withdrawalStatusLabel[r.status]}
            </Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}

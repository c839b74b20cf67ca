import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { formatLongDateTime } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import { type PaymentMethod, paymentMethodLabel } from '#shared/orders.ts';
import { paths } from '#shared/paths.ts';
import { ConfirmModal, requestStatus } from '../../../components/confirm-modal.tsx';
import { orderNumber } from '../../orders/order-ui.tsx';
import { unpaidHoldsQueryOptions, useReleaseHolds } from './api.ts';
import BiHourglassSplitIcon from '~icons/bi/hourglass-split';

const units = (n: number) => `${n} ${n === 1 ? 'unidade' : 'unidades'}`;
const ordersWord = (n: number) => `${n} ${n === 1 ? 'encomenda' : 'encomendas'}`;

/**
 * "Encomendas por pagar que reservam stock" (#26): on top of the orders tab while there are any, with the
 * one action that lets them go ("Libertar stock"): every order shown, or the ones the owner leaves ticked.
 */
export function UnpaidHolds() {
  const holds = useQuery(unpaidHoldsQueryOptions);
  const release = useReleaseHolds();
  // What the owner unticked: every other order shown is chosen (the list may grow while she reads it).
  const [unticked, setUnticked] = useState<ReadonlySet<number>>(new Set());
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const headingId = useId();

  const rows = holds.data ?? [];
  const chosen = rows.filter((row) => !unticked.has(row.order_id));
  const chosenUnits = chosen.reduce((sum, row) => sum + row.units, 0);
  const toggle = (id: number, on: boolean) =>
    setUnticked((before) => {
      const next = new Set(before);
      if (on) next.delete(id);
      else next.add(id);
      return next;
    });

  if (!rows.length && !done) return null;
  return (
    <section aria-labelledby={headingId} className="mb-3">
      {done && (
        <Alert variant="success" dismissible onClose={() => setDone(null)} closeLabel="Fechar">
          <span role="status">{done}</span>
        </Alert>
      )}
      {rows.length > 0 && (
        <Alert variant="info" className="mb-0">
          <h2 id={headingId} className="h6 alert-heading">
            <BiHourglassSplitIcon className="bi me-2" aria-hidden="true" />
            Encomendas por pagar que reservam stock ({rows.length})
          </h2>
          <p className="small mb-2">
            Estas encomendas ainda não foram pagas e têm produtos reservados. Cada uma é cancelada sozinha no fim do prazo; pode libertar o stock já.
          </p>
          <fieldset className="mb-2">
            <legend className="visually-hidden">Encomendas a libertar</legend>
            <Form.Check
              id={`${headingId}-all`}
              className="mb-2"
              label="Todas"
              checked={unticked.size === 0}
              onChange={(e) => setUnticked(e.target.checked ? new Set() : new Set(rows.map((row) => row.order_id)))}
            />
            <ul className="list-unstyled mb-0">
              {rows.map((row) => (
                <li key={row.order_id} className="d-flex flex-wrap align-items-start gap-2 py-1 border-top border-info-subtle">
                  <Form.Check
                    id={`${headingId}-${row.order_id}`}
                    checked={!unticked.has(row.order_id)}
                    onChange={(e) => toggle(row.order_id, e.target.checked)}
                    aria-label={`Escolher a encomenda ${orderNumber(row.order_id)}`}
                  />
                  <span className="me-auto text-break">
                    <Link to={paths.adminEditOrder(row.order_id)}>Encomenda {orderNumber(row.order_id)}</Link>
                    {` · ${row.email} · ${units(row.units)} · ${formatEuros(row.total)} (${paymentMethodLabel[row.payment_method as PaymentMethod] ?? row.payment_method})`}
                    <span className="d-block small">
                      {'Desde '}
                      <time dateTime={row.since}>{formatLongDateTime(row.since)}</time>
                      {row.until ?
                        <>
                          {' · até '}
                          <time dateTime={row.until}>{formatLongDateTime(row.until)}</time>
                        </>
                      : ' · sem prazo (encomenda criada na loja)'}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          </fieldset>
          <Button variant="outline-dark" size="sm" disabled={!chosen.length} onClick={() => setAsking(true)}>
            Libertar stock
          </Button>
        </Alert>
      )}
      <ConfirmModal
        show={asking}
        title="Libertar stock"
        confirmLabel="Libertar stock"
        busyLabel="a libertar o stock..."
        variant="danger"
        {...requestStatus(release, 'Não foi possível libertar o stock.')}
        onCancel={() => {
          setAsking(false);
          release.reset();
        }}
        onConfirm={() =>
          release.mutate(
            chosen.map((row) => row.order_id),
            {
              onSuccess: (answer) => {
                setAsking(false);
                setUnticked(new Set());
                setDone(answer.message);
              },
            },
          )
        }
      >
        <p className="mb-2">
          {`Vai cancelar ${ordersWord(chosen.length)} por pagar e devolver ${units(chosenUnits)} ao stock.`}
        </p>
        <p className="mb-0 small">
          Cada cliente recebe o e-mail de cancelamento e as referências Multibanco e pedidos MB WAY destas encomendas deixam de ser aceites (um pagamento que
          ainda chegue fica em «Pagamentos a verificar»). Esta ação não pode ser desfeita.
        </p>
      </ConfirmModal>
    </section>
  );
}

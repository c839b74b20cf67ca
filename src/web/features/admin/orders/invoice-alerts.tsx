import { useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { formatLongDateTime } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import { paths } from '#shared/paths.ts';
import type { PendingDocuments } from '#shared/schemas/invoicing.ts';
import { errorMessage } from '../../../api/client.ts';
import { orderNumber } from '../../orders/order-ui.tsx';
import { pendingDocumentsQueryOptions, useRetryDocument } from './api.ts';
import { InvoiceIssuedForm } from './invoice-issued-form.tsx';
import BiReceiptIcon from '~icons/bi/receipt';

type Pending = PendingDocuments['documents'][number];

/** Who the invoice is for, as the order gives it: name, NIF (or Consumidor final), company and address. */
function InvoiceParty({ document }: { document: Pending }) {
  return (
    <span className="d-block small text-break">
      {document.name} · {document.nif ? `NIF ${document.nif}` : 'Consumidor final'}
      {document.company && ` · ${document.company}`}
      {document.address && ` · ${document.address}`}
    </span>
  );
}

function PendingItem({ document, withProvider }: { document: Pending; withProvider: boolean }) {
  const retry = useRetryDocument();
  const what = document.kind === 'invoice_receipt' ? 'Fatura-recibo' : 'Nota de crédito';
  const orderLabel = `encomenda ${orderNumber(document.order_id)}`;
  return (
    <li className="d-flex flex-wrap align-items-center gap-2 py-2 border-top border-warning-subtle">
      <span className="me-auto">
        {`${what} da `}
        <Link className="alert-link" to={paths.adminEditOrder(document.order_id)}>
          {orderLabel}
        </Link>
        {`: ${formatEuros(document.amount)}, ${document.email}`}
        <span className="small"> · desde {formatLongDateTime(document.since)}</span>
        <InvoiceParty document={document} />
        {document.error && <span className="d-block small text-break">{document.error}</span>}
        {retry.isError && <span className="d-block small text-danger">{errorMessage(retry.error, 'Não foi possível pedir o documento.')}</span>}
      </span>
      {withProvider ?
        <Button size="sm" variant="outline-dark" disabled={retry.isPending} onClick={() => retry.mutate({ orderId: document.order_id, refundId: document.refund_id })}>
          {retry.isPending ? 'A pedir...' : 'Tentar de novo'}
        </Button>
      : document.kind === 'invoice_receipt' && <InvoiceIssuedForm orderId={document.order_id} orderLabel={orderLabel} />}
    </li>
  );
}

/**
 * "Faturas por emitir", on top of the orders tab: the invoices and credit notes the provider could not
 * issue after every attempt, with its message and a retry; without a provider, the paid orders the shop
 * issued no invoice for (she issues them in her invoicing program).
 */
export function InvoiceAlerts() {
  const pending = useQuery(pendingDocumentsQueryOptions);
  if (!pending.data?.documents.length) return null;
  const { provider, documents } = pending.data;
  const withProvider = provider !== 'none';
  const list = (
    <ul className="list-unstyled mb-0">
      {documents.map((document) => (
        <PendingItem key={`${document.kind}-${document.refund_id ?? document.order_id}`} document={document} withProvider={withProvider} />
      ))}
    </ul>
  );
  return (
    <Alert variant="warning" className="mb-3">
      <h2 className="h6 alert-heading">
        <BiReceiptIcon className="bi me-2" aria-hidden="true" />
        Faturas por emitir ({documents.length})
      </h2>
      <p className="small mb-2">
        {withProvider ?
          'O serviço de faturação não emitiu estes documentos depois de várias tentativas. Corrija o que a mensagem indica e tente de novo.'
        : 'Nenhum serviço de faturação está configurado (INVOICING): emita as faturas destas encomendas pagas no seu programa de faturação e marque cada uma como emitida, com o seu número.'}
      </p>
      {withProvider ?
        list
      : <details>
          <summary className="small">Ver as encomendas</summary>
          {list}
        </details>
      }
    </Alert>
  );
}

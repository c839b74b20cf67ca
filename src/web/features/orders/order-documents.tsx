import { formatLongDate } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import { type FiscalDocument, refundMethodLabel } from '#shared/schemas/invoicing.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { API_BASE } from '../../api/client.ts';
import BiFileEarmarkPdfIcon from '~icons/bi/file-earmark-pdf';

/** A document's PDF through the shop's API (which fetches a fresh link from the provider); a guest's carries their key. */
export const documentHref = (document: FiscalDocument, token?: string) =>
  `${API_BASE}${document.pdf_url ?? ''}${token ? `?token=${encodeURIComponent(token)}` : ''}`;

export function DocumentLink({ document, token }: { document: FiscalDocument; token?: string | undefined }) {
  // An invoice the shop issued in its own program: its number, and no PDF here (the shop sends it).
  if (document.pdf_url === null) return <span className="text-nowrap">{document.label}</span>;
  return (
    <a href={documentHref(document, token)} target="_blank" rel="noopener" className="text-nowrap">
      <BiFileEarmarkPdfIcon className="bi me-1" aria-hidden="true" />
      {document.label}
      <span className="visually-hidden"> (PDF, abre numa nova janela)</span>
    </a>
  );
}

/** Whether the order has a document or a refund to show. */
export const hasDocuments = (order: Order) => Boolean(order.invoice) || (order.refunds ?? []).some((r) => r.status === 'settled');

/**
 * The order's fiscal documents for its customer: the invoice-receipt once issued, and each refund with how
 * it was made and its credit note. Nothing while there is nothing to show.
 */
export function OrderDocuments({ order, token }: { order: Order; token?: string | undefined }) {
  const refunds = (order.refunds ?? []).filter((r) => r.status === 'settled');
  if (!hasDocuments(order)) return null;
  return (
    <ul className="list-unstyled mb-0">
      {order.invoice && (
        <li className="py-1">
          <DocumentLink document={order.invoice} token={token} />
        </li>
      )}
      {refunds.map((refund) => (
        <li key={refund.id} className="py-1">
          {`Reembolso de ${formatEuros(refund.amount)} (${refundMethodLabel[refund.method]}) em ${formatLongDate(refund.created_at)}`}
          {refund.credit_note ?
            <>
              {': '}
              <DocumentLink document={refund.credit_note} token={token} />
            </>
          : <span className="text-secondary">: a loja envia-lhe a nota de crédito por e-mail.</span>}
        </li>
      ))}
    </ul>
  );
}

import { formatLongDateTime } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import { groupReference } from '#shared/schemas/payments.ts';
import BiClockIcon from '~icons/bi/clock';

export type PayshopFigures = { reference: string; amount: number; expiresAt: string };

/**
 * A Payshop reference as the customer reads it out at a Payshop agent or a CTT post office (issue #27): the
 * reference grouped by three, the amount in cash, and until when, laid out like the Multibanco figures.
 */
export function PayshopDetails({ figures, className = '' }: { figures: PayshopFigures; className?: string }) {
  return (
    <div className={className}>
      <dl className="payment-figures mb-2">
        <div className="payment-figure">
          <dt>Referência Payshop</dt>
          <dd>
            <span className="payment-figure-value">{groupReference(figures.reference)}</span>
          </dd>
        </div>
        <div className="payment-figure">
          <dt>Montante</dt>
          <dd>
            <span className="payment-figure-value">{formatEuros(figures.amount)}</span>
          </dd>
        </div>
      </dl>
      <p className="small text-secondary mb-0">
        <BiClockIcon className="bi me-1" aria-hidden="true" />
        {'A referência é válida até '}
        <time dateTime={figures.expiresAt}>{formatLongDateTime(figures.expiresAt)}</time>; depois disso a encomenda é cancelada.
      </p>
    </div>
  );
}

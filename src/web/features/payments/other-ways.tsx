import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router';
import type { CustomerPaymentMethod } from '#shared/orders.ts';
import { paths } from '#shared/paths.ts';
import { formatLongDateTime } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import { groupReference, paymentMessages } from '#shared/schemas/payments.ts';
import { errorMessage } from '../../api/client.ts';
import { goToCardPage, paymentMethodsQueryOptions, startCard, startPayshop } from './api.ts';
import { paymentSearch } from './payment-format.ts';
import BiClockIcon from '~icons/bi/clock';

// The other ways to pay an order (issue #27), one module for the checkout, the order page and the card return page.

type Props = { orderId: number; token: string | undefined; variant?: string; label?: string };

/** The spec's two, shown until the shop's own list answers (or if it cannot): the server refuses any other anyway. */
const SPEC_METHODS: readonly CustomerPaymentMethod[] = ['multibanco', 'mbway'];

/** The ways to pay the shop offers (configured, in the owner's order; GET /payment/methods). */
export function useOfferedMethods(): readonly CustomerPaymentMethod[] {
  return useQuery(paymentMethodsQueryOptions()).data?.methods ?? SPEC_METHODS;
}

/** A button that asks the gateway for a new way to pay, busy while it asks, with the refusal said under it. */
export function StartButton({ label, variant, start }: { label: string; variant: string; start: ReturnType<typeof useMutation<unknown, Error, void>> }) {
  return (
    <div>
      <Button variant={variant} onClick={() => start.mutate()} disabled={start.isPending} aria-busy={start.isPending || undefined}>
        {start.isPending && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
        {label}
      </Button>
      <div aria-live="polite">
        {start.isError && (
          <Alert variant="danger" className="mt-2 mb-0 py-2">
            {errorMessage(start.error, paymentMessages.gatewayUnavailable)}
          </Alert>
        )}
      </div>
    </div>
  );
}

/** Pays the order by card (issue #27): a new card page at the gateway, where the browser goes. */
export function PayByCardButton({ orderId, token, variant = 'outline-primary', label = 'Pagar com cartão' }: Props) {
  const start = useMutation<unknown, Error, void>({
    mutationFn: async () => goToCardPage((await startCard(orderId, token)).paymentUrl),
  });
  return <StartButton label={label} variant={variant} start={start} />;
}

/** Pays the order in cash at a Payshop agent (issue #27): its reference, then the Payshop screen. */
export function PayByPayshopButton({ orderId, token, variant = 'outline-primary', label = 'Pagar por Payshop' }: Props) {
  const navigate = useNavigate();
  const start = useMutation<unknown, Error, void>({
    mutationFn: async () => {
      await startPayshop(orderId, token);
      await navigate(`${paths.payshopPayment}?${paymentSearch(orderId, token)}`);
    },
  });
  return <StartButton label={label} variant={variant} start={start} />;
}

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

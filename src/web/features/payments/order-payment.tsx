import './payments.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { formatLongDateTime } from '#shared/dates.ts';
import type { CustomerPaymentMethod } from '#shared/orders.ts';
import type { Order } from '#shared/schemas/orders.ts';
import type { PaymentInfo } from '#shared/schemas/payments.ts';
import { InlineSpinner } from '../cart/cart-ui.tsx';
import { paths } from '#shared/paths.ts';
import { MultibancoDetails } from './multibanco-details.tsx';
import { MbwayRequestForm } from './mbway-request-form.tsx';
import { PayByMultibancoButton } from './payment-alternatives.tsx';
import { PayByCardButton, PayByPayshopButton, PayshopDetails, useOfferedMethods } from './other-ways.tsx';
import { groupPhone, paymentSearch } from './payment-format.ts';
import { orderPaymentsQueryOptions } from './api.ts';
import BiCheckCircleFillIcon from '~icons/bi/check-circle-fill';
import BiDownloadIcon from '~icons/bi/download';

/** Until when the unpaid order may be paid (#26): the order's own deadline, as the server set it. */
function PayBy({ order }: { order: Order }) {
  if (!order.pay_by) return null;
  return (
    <p className="small text-secondary mb-2">
      {'Pode pagar até '}
      <time dateTime={order.pay_by}>{formatLongDateTime(order.pay_by)}</time>; depois disso a encomenda é cancelada.
    </p>
  );
}

export const PAYMENTS_LOAD_ERROR = 'Não foi possível carregar os dados do pagamento.';

/** A payment the customer can still complete: pending and not past its deadline. */
const live = (payment: PaymentInfo | undefined, now: number) =>
  payment?.status === 'pending' && new Date(payment.expiresAt).getTime() > now ? payment : undefined;

/**
 * How an order stands with its payment, for its owner (storefront.md §2): when it was paid; while it waits, the
 * Multibanco reference to pay (or the MB WAY request under way); and, when nothing can pay it any more, a new reference.
 */
export function OrderPayment({ order, token }: { order: Order; token?: string | undefined }) {
  const payments = useQuery(orderPaymentsQueryOptions(order.id, token));
  const paidAt = order.paid_at ?? payments.data?.payments.find((p) => p.status === 'paid')?.paidAt ?? null;

  if (paidAt) {
    return (
      <p className="mb-0 text-success-emphasis">
        <BiCheckCircleFillIcon className="bi me-2" aria-hidden="true" />
        {'Pago em '}
        <time dateTime={paidAt}>{formatLongDateTime(paidAt)}</time>
      </p>
    );
  }
  if (order.status === 'cancelled') return null;
  if (payments.isPending) return <InlineSpinner label="A carregar os dados do pagamento..." />;
  if (payments.isError) {
    return (
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="text-danger-emphasis">{PAYMENTS_LOAD_ERROR}</span>
        <Button variant="outline-secondary" size="sm" onClick={() => void payments.refetch()} disabled={payments.isFetching}>
          Tentar novamente
        </Button>
      </div>
    );
  }

  const newest = payments.data.payments[0];
  // Judged at the time of the answer: a render must not read the clock.
  const waiting = live(newest, payments.dataUpdatedAt);
  if (waiting?.method === 'multibanco' && waiting.entity && waiting.reference) {
    return (
      <div>
        <p className="mb-2">A aguardar pagamento. Pague no multibanco ou no homebanking com estes dados:</p>
        <MultibancoDetails
          figures={{ entity: waiting.entity, reference: waiting.reference, amount: waiting.amount, expiresAt: waiting.expiresAt }}
        />
        <OtherWays order={order} token={token} except="multibanco" />
      </div>
    );
  }
  if (waiting?.method === 'payshop' && waiting.reference) {
    return (
      <div>
        <p className="mb-2">A aguardar pagamento. Pague em numerário num agente Payshop ou numa estação dos CTT com esta referência:</p>
        <PayshopDetails figures={{ reference: waiting.reference, amount: waiting.amount, expiresAt: waiting.expiresAt }} />
        <OtherWays order={order} token={token} except="payshop" />
      </div>
    );
  }
  if (waiting?.method === 'mbway') {
    return (
      <div>
        <p className="mb-2">
          {`A aguardar a confirmação do pagamento MB WAY no telemóvel ${groupPhone(waiting.phone_number ?? '')}.`}
        </p>
        <PayBy order={order} />
        <p>
          <Link to={`${paths.mbwayPayment}?${paymentSearch(order.id, token)}`}>Acompanhar o pagamento MB WAY</Link>
        </p>
        <OtherWays order={order} token={token} except="mbway" />
      </div>
    );
  }
  return (
    <div>
      <p className="mb-2">
        {waiting?.method === 'card' ?
          'Abriu a página de pagamento com cartão: se não concluiu o pagamento, pode tentar de novo ou pagar de outra forma. '
        : newest ? 'O último pedido de pagamento já não é válido. ' : ''}
        Esta encomenda ainda não está paga: escolha como quer pagar.
      </p>
      <PayBy order={order} />
      <OtherWays order={order} token={token} />
    </div>
  );
}

/**
 * "Pay another way" (issue #27): the ways the shop offers, in the owner's order (as the order's e-mails name them),
 * beside the one under way: a new Multibanco or Payshop reference, an MB WAY request, a card page. Whichever is paid
 * first pays the order; the others are then voided. MB WAY's button opens its form under the row.
 */
function OtherWays({ order, token, except }: { order: Order; token: string | undefined; except?: CustomerPaymentMethod }) {
  const methods = useOfferedMethods().filter((m) => m !== except);
  const [mbwayOpen, setMbwayOpen] = useState(false);
  const phoneRef = useRef<HTMLInputElement>(null);
  const formId = `order-mbway-${order.id}`;
  useEffect(() => {
    if (mbwayOpen) phoneRef.current?.focus();
  }, [mbwayOpen]);
  if (!methods.length) return null;
  return (
    <div className="mt-3">
      {except && <p className="mb-2">Também pode pagar de outra forma:</p>}
      <div className="d-flex flex-wrap gap-2 align-items-start">
        {methods.map((method) => {
          if (method === 'multibanco') return <PayByMultibancoButton key={method} orderId={order.id} token={token} order={order} />;
          if (method === 'card') return <PayByCardButton key={method} orderId={order.id} token={token} />;
          if (method === 'payshop') return <PayByPayshopButton key={method} orderId={order.id} token={token} />;
          return (
            <Button key={method} variant="outline-primary" onClick={() => setMbwayOpen((o) => !o)} aria-expanded={mbwayOpen} aria-controls={formId}>
              Pagar por MB WAY
            </Button>
          );
        })}
      </div>
      {methods.includes('mbway') && (
        <div id={formId} hidden={!mbwayOpen} className="mt-3">
          <MbwayRequestForm id={`${formId}-form`} title="Pagar por MB WAY" orderId={order.id} token={token} order={order} phone={order.phone} phoneRef={phoneRef} />
        </div>
      )}
    </div>
  );
}

const safeLink = (link: string | null | undefined) => (link && /^https?:\/\//i.test(link) ? link : null);

/**
 * A digital item's access link (storefront.md §3 Product.link): the server sends it only once the order is paid;
 * before that, the customer learns it comes by e-mail then.
 */
export function DigitalAccess({ item, order }: { item: Order['orderItems'][number]; order: Pick<Order, 'status'> }) {
  if (!item.product.isDigital) return null;
  const link = safeLink(item.product.link);
  if (link) {
    return (
      <span className="d-block small mt-1">
        <a href={link} target="_blank" rel="noopener noreferrer">
          <BiDownloadIcon className="bi me-1" aria-hidden="true" />
          {`Aceder a ${item.product.name}`}
          <span className="visually-hidden"> (abre num novo separador)</span>
        </a>
        <span className="d-block text-secondary">O link do seu produto digital, também enviado por email.</span>
      </span>
    );
  }
  if (order.status === 'cancelled') return null;
  return <span className="d-block small text-secondary mt-1">O link de acesso chega por email assim que o pagamento for confirmado.</span>;
}

import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate } from 'react-router';
import type { Order } from '#shared/schemas/orders.ts';
import { paymentMessages, portugueseMobile } from '#shared/schemas/payments.ts';
import { ApiError, errorMessage } from '../../api/client.ts';
import { paths } from '#shared/paths.ts';
import { useSession } from '../../session/session.tsx';
import { useCart } from '../cart/cart-store.ts';
import { paymentSearch } from './payment-format.ts';
import type { PaymentScreenState } from './payment-state.ts';
import { startMbway, startMultibanco } from './api.ts';

/** Where the customer finds this order again: their order page, or a guest's confirmation link. */
export function orderHref(orderId: number, token: string | undefined, signedIn: boolean) {
  return signedIn ? paths.myOrder(orderId) : `${paths.orderSuccess}?${paymentSearch(orderId, token)}`;
}

/** The button that pays an order by Multibanco instead: a reference for the same order, then its screen. */
export function PayByMultibancoButton({ orderId, token, order, variant = 'outline-primary' }: { orderId: number; token: string | undefined; order?: Order | undefined; variant?: string }) {
  const navigate = useNavigate();
  const start = useMutation({
    mutationFn: () => startMultibanco(orderId, token),
    onSuccess: (multibanco) => {
      const state: PaymentScreenState = { order, multibanco };
      void navigate(`${paths.multibancoPayment}?${paymentSearch(orderId, token)}`, { state });
    },
  });
  return (
    <div>
      <Button variant={variant} onClick={() => start.mutate()} disabled={start.isPending} aria-busy={start.isPending || undefined}>
        {start.isPending && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
        Pagar por Multibanco
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

type Props = { orderId: number; token: string | undefined; order: Order | undefined; orderLoading: boolean; phone: string };

/**
 * What a customer can do when an MB WAY request did not go through (backoffice.md §2, §4): ask again for the same
 * order (maybe from another phone), pay it by Multibanco, or look at the order. The cart was emptied when the order
 * was made, so 'Voltar ao Checkout' goes to /checkout only when the cart has items again; otherwise it reopens the
 * checkout's payment step for this same order: the MB WAY number, then a new request.
 */
export function PaymentAlternatives({ orderId, token, order, orderLoading, phone: lastPhone }: Props) {
  const navigate = useNavigate();
  const cart = useCart();
  const { user } = useSession();
  const [formOpen, setFormOpen] = useState(false);
  const [phone, setPhone] = useState(lastPhone);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const retry = useMutation({
    mutationFn: (request: { order: Order; phone: string }) =>
      startMbway({ orderId, amount: request.order.total_price_with_tax, phone: request.phone, email: request.order.email, token }),
    onSuccess: (mbway, request) => {
      const state: PaymentScreenState = { order: request.order, mbway };
      void navigate(`${paths.mbwayPayment}?${paymentSearch(orderId, token)}`, { replace: true, state });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 400 && err.fields?.phone_number) {
        setPhoneError(err.fields.phone_number);
        phoneRef.current?.focus();
      }
    },
  });

  useEffect(() => {
    if (formOpen) phoneRef.current?.focus();
  }, [formOpen]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = portugueseMobile.safeParse(phone);
    if (!parsed.success) {
      setPhoneError(parsed.error.issues[0]?.message ?? paymentMessages.mobileInvalid);
      phoneRef.current?.focus();
      return;
    }
    setPhoneError(null);
    if (order) retry.mutate({ order, phone: parsed.data });
  };

  const retryError = retry.isError && !(retry.error instanceof ApiError && retry.error.status === 400 && retry.error.fields?.phone_number);
  const toggle = (label: string, variant: string) => (
    <Button variant={variant} onClick={() => setFormOpen((open) => !open)} aria-expanded={formOpen} aria-controls="mbway-retry">
      {label}
    </Button>
  );
  return (
    <div>
      <div className="d-flex flex-wrap gap-2">
        {cart.length > 0 ?
          <>
            <Link to={paths.checkout} className="btn btn-primary">
              {paymentMessages.backToCheckout}
            </Link>
            {toggle('Tentar de novo com MB WAY', 'outline-primary')}
          </>
        : toggle(paymentMessages.backToCheckout, 'primary')}
        <PayByMultibancoButton orderId={orderId} token={token} order={order} />
        <Link to={orderHref(orderId, token, Boolean(user))} className="btn btn-link">
          Ver a encomenda
        </Link>
      </div>
      <div id="mbway-retry" hidden={!formOpen}>
        <Form noValidate onSubmit={submit} aria-labelledby="mbway-retry-title" className="mt-4 pt-3 border-top">
          <h2 id="mbway-retry-title" className="h6 fw-semibold">
            Pagar de novo com MB WAY
          </h2>
          <Form.Group controlId="mbway-retry-phone" className="mb-2">
            <Form.Label>Número de telemóvel MB WAY</Form.Label>
            <Form.Control
              ref={phoneRef}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
              isInvalid={Boolean(phoneError)}
              aria-invalid={phoneError ? true : undefined}
              aria-describedby={phoneError ? 'mbway-retry-phone-error' : 'mbway-retry-phone-hint'}
              required
            />
            {phoneError ?
              <Form.Control.Feedback type="invalid" id="mbway-retry-phone-error">
                {phoneError}
              </Form.Control.Feedback>
            : <Form.Text id="mbway-retry-phone-hint" className="text-secondary">
                O pedido de pagamento chega à app MB WAY deste número.
              </Form.Text>
            }
          </Form.Group>
          <Button type="submit" variant="primary" disabled={retry.isPending || !order} aria-busy={retry.isPending || orderLoading || undefined}>
            {(retry.isPending || orderLoading) && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
            Enviar novo pedido MB WAY
          </Button>
          <div aria-live="polite">
            {retryError && (
              <Alert variant="danger" className="mt-2 mb-0 py-2">
                {errorMessage(retry.error, paymentMessages.gatewayUnavailable)}
              </Alert>
            )}
          </div>
        </Form>
      </div>
    </div>
  );
}

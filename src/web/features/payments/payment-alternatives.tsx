import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useNavigate } from 'react-router';
import type { Order } from '#shared/schemas/orders.ts';
import { paymentMessages } from '#shared/schemas/payments.ts';
import { paths } from '#shared/paths.ts';
import { useSession } from '../../session/session.tsx';
import { useCart } from '../cart/cart-store.ts';
import { paymentSearch } from './payment-format.ts';
import type { PaymentScreenState } from './payment-state.ts';
import { MbwayRequestForm } from './mbway-request-form.tsx';
import { startMultibanco } from './api.ts';
import { StartButton } from './other-ways.tsx';

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
  return <StartButton label="Pagar por Multibanco" variant={variant} start={start} />;
}

type Props = { orderId: number; token: string | undefined; order: Order | undefined; orderLoading: boolean; phone: string };

/**
 * What a customer can do when an MB WAY request did not go through (backoffice.md §2, §4): ask again for the same
 * order (maybe from another phone), pay it by Multibanco, or look at the order. The cart was emptied when the order
 * was made, so 'Voltar ao Checkout' goes to /checkout only when the cart has items again; otherwise it reopens the
 * checkout's payment step for this same order: the MB WAY number, then a new request.
 */
export function PaymentAlternatives({ orderId, token, order, orderLoading, phone }: Props) {
  const cart = useCart();
  const { user } = useSession();
  const [formOpen, setFormOpen] = useState(false);
  const phoneRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (formOpen) phoneRef.current?.focus();
  }, [formOpen]);

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
      <div id="mbway-retry" hidden={!formOpen} className="mt-4 pt-3 border-top">
        <MbwayRequestForm
          id="mbway-retry"
          title="Pagar de novo com MB WAY"
          submitLabel="Enviar novo pedido MB WAY"
          replace
          orderId={orderId}
          token={token}
          order={order}
          orderLoading={orderLoading}
          phone={phone}
          phoneRef={phoneRef}
        />
      </div>
    </div>
  );
}

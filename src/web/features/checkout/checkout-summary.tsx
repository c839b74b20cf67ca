import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { formatEuros } from '#shared/money.ts';
import type { CartTotalsAnswer, TotalsAnswer } from '#shared/schemas/orders.ts';
import { purchasePromises } from '#shared/texts/promises.ts';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { type Cart, type CartItem, cartTotal } from '../cart/cart-store.ts';
import { type CartChange, regularPriceOf, totalsErrorMessage } from '../cart/cart-totals.ts';
import { MessageAlert } from '../../components/message-alert.tsx';
import { DiscountCodeField } from '../cart/discount-code-field.tsx';
import { CartChangesList, CartThumb, InlineSpinner, LineRegularPrice, SoldOutList, TotalsList } from '../cart/cart-ui.tsx';
import { DigitalBadge } from '../../components/digital-badge.tsx';
import { exemptionLabel, NO_WITHDRAWAL } from '#shared/withdrawal.ts';
import { useWithdrawalDays } from '../contact/api.ts';
import BiArrowCounterclockwiseIcon from '~icons/bi/arrow-counterclockwise';
import BiEnvelopeIcon from '~icons/bi/envelope';
import BiShieldLockIcon from '~icons/bi/shield-lock';
import BiTruckIcon from '~icons/bi/truck';

function SummaryLines({ items, known }: { items: Cart; known: CartTotalsAnswer | undefined }) {
  return (
    <ul className="list-unstyled mb-3">
      {items.map((item) => (
        <li key={item.id} className="d-flex gap-3 align-items-center py-2 border-bottom">
          <CartThumb image={item.image} />
          <div className="flex-grow-1 cart-product-name">
            <div className="fw-semibold">{item.name}</div>
            {item.variant && <div className="small text-secondary">{item.variant.name}</div>}
            {item.withdrawalExemption && (
              <div className="small text-body">
                <strong>{NO_WITHDRAWAL}</strong>: {exemptionLabel[item.withdrawalExemption].toLowerCase()}
              </div>
            )}
            <div className="small text-secondary">
              {`${item.quantity} × ${formatEuros(item.price)}`}
              <LineRegularPrice regular={regularPriceOf(known, item)} className="ms-1" />
              {item.isDigital && (
<DigitalBadge className="ms-2" />
              )}
            </div>
          </div>
          <div className="text-end text-nowrap">{formatEuros(cartTotal([item]))}</div>
        </li>
      ))}
    </ul>
  );
}

/** The promises under the button; the delivery one is the shop's (checkout, e-mails and terms agree). */
function CheckoutPromises({ ships }: { ships: boolean }) {
  const days = useWithdrawalDays();
  return (
    <ul className="list-unstyled small text-secondary mt-3 mb-0">
      <li className="mb-1">
        <BiShieldLockIcon className="bi me-2" aria-hidden="true" />
        {purchasePromises.securePayment}
      </li>
      {ships ?
        <>
          <li className="mb-1">
            <BiTruckIcon className="bi me-2" aria-hidden="true" />
            {purchasePromises.delivery}
          </li>
          {days && (
            <li>
              <BiArrowCounterclockwiseIcon className="bi me-2" aria-hidden="true" />
              {purchasePromises.returns(days)}
            </li>
          )}
        </>
      : <li>
          <BiEnvelopeIcon className="bi me-2" aria-hidden="true" />
          {purchasePromises.digitalAccess}
        </li>
      }
    </ul>
  );
}

type SummaryProps = {
  items: Cart;
  /** What the cart corrected on arrival (prices, quantities cut to the stock): said before the final submit. */
  changes: readonly CartChange[];
  /** The server's totals for this cart, once known. */
  shown: TotalsAnswer | undefined;
  /** The server's last answer, its lines' prices included (a sale's regular price is struck through). */
  known: CartTotalsAnswer | undefined;
  totalsError: unknown;
  fetching: boolean;
};

/** The checkout's aside: the lines, what changed in them, and the server's totals. */
export function CheckoutSummary({ items, changes, shown, known, totalsError, fetching }: SummaryProps) {
  const ships = items.some((item) => !item.isDigital);
  return (
    <Card className="shadow-sm checkout-summary">
      <Card.Body>
        <h2 className="h5 mb-3">Resumo da encomenda</h2>
        <SummaryLines items={items} known={known} />
        <div aria-live="polite">
          {changes.length > 0 && (
            <Alert variant="warning" className="py-2">
              <CartChangesList changes={changes} />
            </Alert>
          )}
        </div>
        <DiscountCodeField totals={known} fresh={!fetching} />
        <div aria-live="polite" aria-busy={fetching || undefined}>
          {shown ?
            <TotalsList totals={shown} ships={ships} />
          : totalsError ?
            <Alert variant="danger" className="mb-0">
              {totalsErrorMessage(totalsError)}
            </Alert>
          : <InlineSpinner label="A calcular os totais..." />}
        </div>
      </Card.Body>
    </Card>
  );
}

type SubmitProps = {
  items: Cart;
  shown: TotalsAnswer | undefined;
  /** Lines nobody can buy now: the order cannot go until they leave the cart. */
  soldOut: readonly CartItem[];
  notice: string | null;
  formError: string | null;
  /** The submit button (it belongs to the form). */
  children: ReactNode;
};

/**
 * The end of the form, on a phone and on a desktop alike: the amount to pay, the answers to the last
 * attempt, the button, and the shop's promises under it.
 */
export function CheckoutSubmit({ items, shown, soldOut, notice, formError, children }: SubmitProps) {
  const ships = items.some((item) => !item.isDigital);
  return (
    <div className="mt-4">
      {shown && (
        <p className="d-flex justify-content-between fs-5 fw-semibold mb-3">
          <span>Total a pagar</span>
          <span>{formatEuros(shown.totalWithTax)}</span>
        </p>
      )}
      <div aria-live="assertive">
        {soldOut.length > 0 && (
          <Alert variant="danger" id="checkout-sold-out">
            <SoldOutList items={soldOut} className="mb-2 ps-3" />
            <Link to={paths.cart} className="alert-link">
              Rever o carrinho
            </Link>
          </Alert>
        )}
        <MessageAlert message={notice} variant="warning" className="mb-3" />
        <MessageAlert message={formError} variant="danger" className="mb-3" />
      </div>
      {children}
      <CheckoutPromises ships={ships} />
    </div>
  );
}

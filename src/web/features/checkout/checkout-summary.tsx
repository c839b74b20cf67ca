import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { formatEuros } from '#shared/money.ts';
import type { TotalsAnswer } from '#shared/schemas/orders.ts';
import { shop } from '#shared/shop.ts';
import { type Cart, cartTotal } from '../cart/cart-store.ts';
import { type PriceChange, priceChangeMessage, totalsErrorMessage } from '../cart/cart-totals.ts';
import { MessageAlert } from '../../components/message-alert.tsx';
import { CartThumb, InlineSpinner, TotalsList } from '../cart/cart-ui.tsx';

function SummaryLines({ items }: { items: Cart }) {
  return (
    <ul className="list-unstyled mb-3">
      {items.map((item) => (
        <li key={item.id} className="d-flex gap-3 align-items-center py-2 border-bottom">
          <CartThumb image={item.image} />
          <div className="flex-grow-1 cart-product-name">
            <div className="fw-semibold">{item.name}</div>
            {item.variant && <div className="small text-secondary">{item.variant.name}</div>}
            <div className="small text-secondary">
              {`${item.quantity} × ${formatEuros(item.price)}`}
              {item.isDigital && (
                <Badge bg="info" text="dark" className="ms-2">
                  Digital
                </Badge>
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
  return (
    <ul className="list-unstyled small text-secondary mt-3 mb-0">
      <li className="mb-1">
        <i className="bi bi-shield-lock me-2" aria-hidden="true" />
        Pagamento seguro
      </li>
      {ships ?
        <>
          <li className="mb-1">
            <i className="bi bi-truck me-2" aria-hidden="true" />
            {`Preparação em ${shop.delivery.preparation} e entrega em ${shop.delivery.mainland} (continente)`}
          </li>
          <li>
            <i className="bi bi-arrow-counterclockwise me-2" aria-hidden="true" />
            30 dias para devoluções
          </li>
        </>
      : <li>
          <i className="bi bi-envelope me-2" aria-hidden="true" />
          O acesso chega por email assim que o pagamento for confirmado
        </li>
      }
    </ul>
  );
}

type Props = {
  items: Cart;
  changes: readonly PriceChange[];
  /** The server's totals for this cart, once known. */
  shown: TotalsAnswer | undefined;
  totalsError: unknown;
  fetching: boolean;
  notice: string | null;
  formError: string | null;
  /** The submit button (it belongs to the form). */
  children: ReactNode;
};

/** The checkout's aside: the lines, the server's totals, the answers to the last attempt and the button. */
export function CheckoutSummary({ items, changes, shown, totalsError, fetching, notice, formError, children }: Props) {
  const ships = items.some((item) => !item.isDigital);
  return (
    <Card className="shadow-sm">
      <Card.Body>
        <h2 className="h5 mb-3">Resumo da encomenda</h2>
        <SummaryLines items={items} />
        {changes.length > 0 && (
          <Alert variant="warning" className="py-2">
            <ul className="mb-0 ps-3">
              {changes.map((change) => (
                <li key={change.id}>{priceChangeMessage(change)}</li>
              ))}
            </ul>
          </Alert>
        )}
        <div aria-live="polite" aria-busy={fetching || undefined}>
          {shown ?
            <TotalsList totals={shown} ships={ships} />
          : totalsError ?
            <Alert variant="danger" className="mb-0">
              {totalsErrorMessage(totalsError)}
            </Alert>
          : <InlineSpinner label="A calcular os totais..." />}
        </div>
        <div aria-live="assertive" className="mt-3">
          <MessageAlert message={notice} variant="warning" className="mb-0" />
          <MessageAlert message={formError} variant="danger" className="mb-0" />
        </div>
        {children}
        <CheckoutPromises ships={ships} />
      </Card.Body>
    </Card>
  );
}

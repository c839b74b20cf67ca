import { useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { formatCents, formatEuros, toCents } from '#shared/money.ts';
import { freeShippingFromEuros } from '#shared/orders.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { paths } from '#shared/paths.ts';
import { ContinueShoppingLink } from '../../components/continue-shopping-link.tsx';
import { type CartItem, cartTotal, lineName, removeItem, setQuantity, useCart } from './cart-store.ts';
import { catalogMessages } from '#shared/texts/catalog.ts';
import { DigitalBadge } from '../../components/digital-badge.tsx';
import {
  answerLine,
  regularPriceOf,
  blocksCheckout,
  changeMark,
  dismissCartChanges,
  limitToStock,
  lineProblem,
  soldOutLines,
  totalsErrorMessage,
  useCartChanges,
  useCartTotals,
} from './cart-totals.ts';
import { CartChangesList, CartThumb, freeShippingNotice, InlineSpinner, LineRegularPrice, SoldOutList, TotalsList } from './cart-ui.tsx';
import BiCartIcon from '~icons/bi/cart';
import BiTrashIcon from '~icons/bi/trash';
import BiTruckIcon from '~icons/bi/truck';
import { DiscountCodeField } from './discount-code-field.tsx';
import { TableHead } from '../../components/table-head.tsx';

const title = 'Carrinho';
const description = 'Reveja os produtos do seu carrinho, as quantidades e os totais antes de finalizar a compra.';
/** The order calls accept at most 99 units of a line (shared order schema). */
export const MAX_QUANTITY = 99;

/**
 * storefront.md §5: at least 1 (0 or less does not remove: the remove control does), at most 99, and at
 * most `max` (the stock, once the server said it).
 */
export function clampCartQuantity(text: string, max = MAX_QUANTITY): number | undefined {
  const n = Math.floor(Number(text));
  if (text.trim() === '' || !Number.isFinite(n)) return undefined;
  return Math.min(MAX_QUANTITY, max, Math.max(1, n));
}

function QuantityInput({ item, label, stock }: { item: CartItem; label: string; stock: number | null | undefined }) {
  // The text while the customer types (it may be empty for a moment); otherwise the stored quantity.
  const [draft, setDraft] = useState<string | null>(null);
  const id = `cart-quantity-${item.id}`;
  const max = stock ? Math.min(MAX_QUANTITY, stock) : MAX_QUANTITY;
  const onChange = (text: string) => {
    const quantity = clampCartQuantity(text, max);
    if (quantity === undefined) {
      setDraft(text);
      return;
    }
    setDraft(String(quantity));
    if (stock && quantity === stock && Number(text) > stock) limitToStock(item, stock);
    else if (quantity !== item.quantity) setQuantity(item.id, quantity);
  };
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {`Quantidade de ${label}`}
      </label>
      <Form.Control
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        className="cart-quantity"
        value={draft ?? String(item.quantity)}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => setDraft(null)}
      />
    </>
  );
}

function CartLine({
  item,
  marks,
  stock,
  regular,
  problem,
  onRemove,
}: {
  item: CartItem;
  /** Short marks of what the cart corrected on this line (the notice above says it in full). */
  marks: string[];
  stock: number | null | undefined;
  /** The price before a sale the line is charged at now (struck through), or undefined. */
  regular: number | undefined;
  problem: string | undefined;
  onRemove: (item: CartItem) => void;
}) {
  const label = lineName(item);
  return (
    <tr className={problem ? 'table-danger' : undefined}>
      <td className="cart-cell-product">
        <div className="d-flex gap-3 align-items-center">
          <CartThumb image={item.image} />
          <div className="cart-product-name">
            <Link to={paths.product(item.productId)} className="fw-semibold">
              {item.name}
            </Link>
            {item.variant && <div className="small text-secondary">{item.variant.name}</div>}
            {item.isDigital && (
              <div>
                <DigitalBadge className="mt-1" />
              </div>
            )}
            {marks.map((mark) => (
              <div key={mark} className="small text-warning-emphasis mt-1">
                {mark}
              </div>
            ))}
            {problem && <div className="small text-danger-emphasis fw-semibold mt-1">{problem}</div>}
          </div>
        </div>
      </td>
      <td data-label="Preço unitário">
        {formatEuros(item.price)}
        <LineRegularPrice regular={regular} className="d-block small" />
      </td>
      {/* A digital product is one link (issue #25): no quantity to change. */}
      {item.isDigital ?
        <td />
      : <td data-label="Quantidade">
          <QuantityInput item={item} label={label} stock={stock} />
        </td>
      }
      <td data-label="Subtotal" className="fw-semibold">
        {formatEuros(cartTotal([item]))}
      </td>
      <td className="cart-cell-actions">
        <Button variant="outline-danger" size="sm" aria-label={`Remover ${label} do carrinho`} onClick={() => onRemove(item)}>
          <BiTrashIcon className="bi" aria-hidden="true" />
        </Button>
      </td>
    </tr>
  );
}

function EmptyCart() {
  return (
    <div className="text-center py-5">
      <BiCartIcon className="bi display-4 text-secondary d-block mb-3" aria-hidden="true" />
      <p className="fs-5">O seu carrinho está vazio.</p>
      <Link to={paths.products} className="btn btn-primary">
        Ver produtos
      </Link>
    </div>
  );
}

/** /carrinho (storefront.md §2): the lines, the server's totals and the way to the checkout. */
export function CartPage() {
  const items = useCart();
  // A basket of digital products only ships nothing: no word about delivery.
  const ships = items.some((item) => !item.isDigital);
  const totals = useCartTotals(items);
  const changes = useCartChanges(items);
  const heading = useRef<HTMLHeadingElement>(null);
  const [removed, setRemoved] = useState<string | null>(null);

  const remove = (item: CartItem) => {
    removeItem(item.id);
    setRemoved(`${lineName(item)} foi removido do carrinho.`);
    // The button is gone with its line: keep the keyboard on the page.
    heading.current?.focus();
  };

  const data = items.length > 0 ? totals.data : undefined;
  const error = totals.isError ? totals.error : null;
  // Stock known only from an answer for these very lines (not the previous cart's, kept on screen meanwhile).
  const known = totals.isPlaceholderData ? undefined : data;
  const soldOut = soldOutLines(items, known);
  const blocked = (error !== null && blocksCheckout(error)) || soldOut.length > 0;
  // Cents, so 70,00 € - 64,10 € is 5,90 € and not 5,899999.
  const missingCents = data && data.shippingCost > 0 ? toCents(freeShippingFromEuros) - toCents(data.subtotalWithTax) : 0;

  return (
    <Container className="py-4 py-md-5">
      <PageMeta title={title} description={description} />
      <h1 ref={heading} tabIndex={-1} className="cart-heading mb-4">
        Carrinho
      </h1>
      <div className="visually-hidden" aria-live="polite">
        {removed}
      </div>
      {items.length === 0 ?
        <EmptyCart />
      : <>
          <div aria-live="polite">
            {changes.length > 0 && (
              <Alert variant="warning" dismissible closeLabel="Fechar" onClose={dismissCartChanges}>
                <CartChangesList changes={changes} />
              </Alert>
            )}
          </div>
          {(error || soldOut.length > 0) && (
            <Alert variant="danger" id="cart-problem" role="alert">
              {error ?
                totalsErrorMessage(error)
              : <SoldOutList items={soldOut} className="mb-0 ps-3" />
              }
            </Alert>
          )}
          <Row className="g-4">
            <Col xs={12} lg={8}>
              <div className="table-responsive">
                <Table className="cart-table align-middle mb-0">
                  <caption className="visually-hidden">Produtos no carrinho</caption>
                  <TableHead columns={['Produto', 'Preço unitário', 'Quantidade', 'Subtotal', { label: 'Remover', hidden: true }]} />
                  <tbody>
                    {items.map((item) => (
                      <CartLine
                        key={item.id}
                        item={item}
                        marks={changes.filter((c) => c.id === item.id).map((c) => changeMark[c.kind])}
                        stock={answerLine(known, item)?.stock}
                        regular={regularPriceOf(known, item)}
                        problem={soldOut.includes(item) ? catalogMessages.outOfStock : lineProblem(error, item)}
                        onRemove={remove}
                      />
                    ))}
                  </tbody>
                </Table>
              </div>
            </Col>
            <Col xs={12} lg={4}>
              <Card className="shadow-sm">
                <Card.Body>
                  <h2 className="h5 mb-3">Resumo</h2>
                  <DiscountCodeField totals={data} fresh={!totals.isPlaceholderData && !totals.isFetching} />
                  <div aria-live="polite" aria-busy={totals.isFetching || undefined}>
                    {data ?
                      <>
                        {/* The previous totals stay readable (full contrast) while the new ones are computed. */}
                        <TotalsList totals={data} ships={ships} />
                        {totals.isPlaceholderData && <InlineSpinner label="A atualizar os totais..." />}
                      </>
                    : totals.isPending && !error ?
                      <InlineSpinner label="A calcular os totais..." />
                    : <p className="text-danger mb-0">Não foi possível calcular os totais.</p>}
                  </div>
                  {ships ?
                    <p className="small text-secondary mt-3 mb-3">
                      <BiTruckIcon className="bi me-2" aria-hidden="true" />
                      {freeShippingNotice}
                      {missingCents > 0 && ` Faltam ${formatCents(missingCents)} para portes grátis.`}
                    </p>
                  : <div className="mb-3" />}
                  <div className="d-grid gap-2">
                    {blocked ?
                      <Button variant="primary" disabled aria-describedby="cart-problem">
                        Finalizar compra
                      </Button>
                    : <Link to={paths.checkout} className="btn btn-primary">
                        Finalizar compra
                      </Link>
                    }
                    <ContinueShoppingLink />
                  </div>
                </Card.Body>
              </Card>
            </Col>
          </Row>
        </>
      }
    </Container>
  );
}

import { lazy, Suspense, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { Link, useNavigate } from 'react-router';
import { formatEuros } from '#shared/money.ts';
import { paths } from '#shared/paths.ts';
import type { Product } from '#shared/schemas/catalog.ts';
import { QuantityInput } from '../../components/form/quantity-input.tsx';
import { useHydrated } from '../../components/use-hydrated.ts';
import { addItem, cartItemId, MAX_LINE_QUANTITY, toCartItem, useCart } from '../cart/cart-store.ts';
import { OUT_OF_STOCK, unitPriceLabel } from './catalog-ui.tsx';
import { PurchasePromises } from './purchase-promises.tsx';
import { LowestPrice, saleOf, StruckPrice } from './sale-price.tsx';
import { useScrolledPast } from './use-scrolled-past.ts';
import BiCartPlusIcon from '~icons/bi/cart-plus';
import BiDashLgIcon from '~icons/bi/dash-lg';
import BiPlusLgIcon from '~icons/bi/plus-lg';
import BiXCircleIcon from '~icons/bi/x-circle';

/** Where the sticky buy bar shows (its CSS hides it from Bootstrap's md breakpoint, 768 px): not followed on a wider screen. */
const PHONE_SCREEN = '(max-width: 767.98px)';
// Code the first view does not need: the phone's buy bar once the page is scrolled.
const StickyBuyBar = lazy(async () => ({ default: (await import('./sticky-buy-bar.tsx')).StickyBuyBar }));
// Only a sold-out product shows it (with the form kit's validation): its own chunk.
const RestockAlertForm = lazy(async () => ({ default: (await import('./restock-alert-form.tsx')).RestockAlertForm }));

/**
 * storefront.md §5: the quantity is at least 1 and at most `max` (no maximum when undefined, as for digital
 * products); typed values are clamped into range and anything that is not a number becomes 1.
 */
export function clampQuantity(value: string | number, max?: number): number {
  const n = Math.floor(typeof value === 'number' ? value : Number(String(value).trim() || Number.NaN));
  if (!Number.isFinite(n)) return 1;
  const upper = max === undefined ? Number.POSITIVE_INFINITY : Math.max(1, max);
  return Math.min(upper, Math.max(1, n));
}

/**
 * A product page's price, variant, quantity and buttons. It is a form the server answers (decision 0056): a tap on
 * «Adicionar ao Carrinho» or «Comprar Agora» before the app runs, or without JavaScript, posts the variant and the
 * quantity and lands on the cart with the line in it; once the app runs it adds here and opens the drawer.
 */
export function PurchaseForm({ product }: { product: Product }) {
  const navigate = useNavigate();
  const variants = product.hasVariants ? product.variants : [];
  const [variantId, setVariantId] = useState<number | undefined>(variants[0]?.id);
  // The text in the box: empty while the customer retypes it; the quantity used is never below 1.
  const [quantityText, setQuantityText] = useState('1');
  const [addButton, setAddButton] = useState<HTMLButtonElement | null>(null);
  const buttonScrolledAway = useScrolledPast(addButton, PHONE_SCREEN);

  const variant = variants.find((v) => v.id === variantId) ?? variants[0];
  const stock = variant ? variant.stock : product.stock;
  const available = product.isDigital || stock > 0;
  const hydrated = useHydrated();
  // One line of an order takes at most MAX_LINE_QUANTITY; digital products have no stock limit below it.
  const max = product.isDigital ? 1 : Math.min(stock, MAX_LINE_QUANTITY);
  const cart = useCart();
  const inCart = product.isDigital && cart.some((line) => line.id === cartItemId(product.id, variant ?? null));
  const quantity = clampQuantity(quantityText, max);
  const price = variant ? variant.price : product.price;
  const unitPrice = unitPriceLabel(product, variant ?? null);
  const sale = saleOf(variant ?? product);

  const chooseVariant = (id: number) => {
    setVariantId(id);
    setQuantityText('1');
  };
  const onQuantityChange = (text: string) => setQuantityText(text.trim() === '' ? '' : String(clampQuantity(text, max)));
  const step = (delta: number) => setQuantityText(String(clampQuantity(quantity + delta, max)));

  const add = () => {
    if (!available) return;
    addItem(toCartItem(product, variant ?? null), quantity, max);
    setQuantityText(String(quantity));
  };
  const buyNow = () => {
    add();
    void navigate(paths.cart);
  };
  // The app adds in the browser; the form's own post is for a tap before it runs.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    add();
  };

  return (
    <>
      <Form method="post" action={paths.cartAdd} onSubmit={onSubmit}>
        <fieldset>
          <legend className="visually-hidden">Comprar {product.name}</legend>
          <input type="hidden" name="product_id" value={product.id} />
          <p className="fs-3 fw-semibold mb-3">
            {formatEuros(price)}
            {sale && <StruckPrice regular={sale.regular} className="fs-6 ms-2" />}
            {unitPrice && <span className="fs-6 fw-normal text-secondary ms-2">{unitPrice}</span>}
            {sale && <LowestPrice lowest={sale.lowest} className="fs-6 mt-1" />}
          </p>
          <p className="product-description mb-4">{product.description}</p>
          {variants.length > 0 && (
            <Form.Group className="mb-3" controlId="product-variant">
              <Form.Label>Variante</Form.Label>
              <Form.Select name="variant_id" value={variant?.id} onChange={(event) => chooseVariant(Number(event.target.value))}>
                {variants.map((v) => (
                  <option key={v.id} value={v.id}>
                    {`${v.name} - ${formatEuros(v.price)}${!product.isDigital && v.stock <= 0 ? ` (${OUT_OF_STOCK})` : ''}`}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          )}
          {available ?
            <>
              {/* A digital product is one link: no quantity to choose, no stock to show (issue #25). */}
              {!product.isDigital && (
                <Form.Group className="mb-3" controlId="product-quantity">
                  <Form.Label>Quantidade</Form.Label>
                  <InputGroup className="quantity-group">
                    {/* The steps need the app; the box takes a typed quantity with or without it. */}
                    <Button variant="outline-secondary" aria-label="Diminuir quantidade" onClick={() => step(-1)} disabled={!hydrated || quantity <= 1}>
                      <BiDashLgIcon className="bi" aria-hidden="true" />
                    </Button>
                    <QuantityInput
                      max={max}
                      value={quantityText}
                      onChange={onQuantityChange}
                      onBlur={() => setQuantityText(String(quantity))}
                      aria-describedby="product-stock"
                    />
                    <Button variant="outline-secondary" aria-label="Aumentar quantidade" onClick={() => step(1)} disabled={!hydrated || quantity >= max}>
                      <BiPlusLgIcon className="bi" aria-hidden="true" />
                    </Button>
                  </InputGroup>
                  <Form.Text id="product-stock" className="text-secondary">
                    {stock === 1 ? '1 unidade disponível' : `${stock} unidades disponíveis`}
                  </Form.Text>
                </Form.Group>
              )}
              {inCart ?
                <p className="mb-0">
                  Este produto digital já está no carrinho. <Link to={paths.cart}>Ver o carrinho</Link>
                </p>
              : <div className="d-flex flex-wrap gap-2">
                  <Button ref={setAddButton} type="submit" variant="primary" size="lg" className="flex-grow-1 flex-sm-grow-0">
                    <BiCartPlusIcon className="bi me-2" aria-hidden="true" />
                    Adicionar ao Carrinho
                  </Button>
                  {/* Before the app runs it posts as «Adicionar ao Carrinho» does, which lands on the cart too. */}
                  <Button
                    type="submit"
                    variant="outline-primary"
                    size="lg"
                    className="flex-grow-1 flex-sm-grow-0"
                    onClick={(event) => {
                      event.preventDefault();
                      buyNow();
                    }}
                  >
                    Comprar Agora
                  </Button>
                </div>
              }
              <PurchasePromises isDigital={product.isDigital} exemption={product.withdrawalExemption ?? null} />
              {buttonScrolledAway && (
                <Suspense fallback={null}>
                  <StickyBuyBar name={product.name} price={formatEuros(price)} onAdd={add} />
                </Suspense>
              )}
            </>
          : <p className="fs-5 fw-semibold text-danger">
              <BiXCircleIcon className="bi me-2" aria-hidden="true" />
              {OUT_OF_STOCK}
            </p>
          }
        </fieldset>
      </Form>
      {!available && hydrated && (
        <Suspense fallback={null}>
          <RestockAlertForm key={variant?.id ?? product.id} productId={product.id} variantId={variant?.id} itemName={variant ? `${product.name} (${variant.name})` : product.name} />
        </Suspense>
      )}
    </>
  );
}

import './catalog.css';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Breadcrumb from 'react-bootstrap/Breadcrumb';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { useHydrated } from '../../components/use-hydrated.ts';
import InputGroup from 'react-bootstrap/InputGroup';
import Row from 'react-bootstrap/Row';
import { Link, useNavigate, useParams } from 'react-router';
import { formatEuros } from '#shared/money.ts';
import type { Product } from '#shared/schemas/catalog.ts';
import { ApiError } from '../../api/client.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { paths } from '#shared/paths.ts';
import { useSession } from '../../session/session.tsx';
import { addItem, cartItemId, MAX_LINE_QUANTITY, toCartItem, useCart } from '../cart/cart-store.ts';
import { productPageQueryOptions } from './api.ts';
import { OUT_OF_STOCK, unitPriceLabel } from './catalog-ui.tsx';
import { LowestPrice, saleOf, StruckPrice } from './sale-price.tsx';
import { ProductGallery } from './product-gallery.tsx';
import { PurchasePromises } from './purchase-promises.tsx';
import { useScrolledPast } from './use-scrolled-past.ts';
import { useNearViewport } from '../../components/use-near-viewport.ts';
import { DigitalBadge } from '../../components/digital-badge.tsx';
import BiCartPlusIcon from '~icons/bi/cart-plus';
import BiDashLgIcon from '~icons/bi/dash-lg';
import BiPencilIcon from '~icons/bi/pencil';
import BiPlusLgIcon from '~icons/bi/plus-lg';
import BiXCircleIcon from '~icons/bi/x-circle';

const loadError = 'Erro ao carregar detalhes do produto. Por favor tente novamente mais tarde.';
const notFound = 'Produto não encontrado ou sem imagens.';

// Code the first view does not need: the phone's buy bar once the page is scrolled, related products as they come near.
const StickyBuyBar = lazy(async () => ({ default: (await import('./sticky-buy-bar.tsx')).StickyBuyBar }));
const RelatedProducts = lazy(async () => ({ default: (await import('./related-products.tsx')).RelatedProducts }));
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


function PurchaseForm({ product }: { product: Product }) {
  const navigate = useNavigate();
  const variants = product.hasVariants ? product.variants : [];
  const [variantId, setVariantId] = useState<number | undefined>(variants[0]?.id);
  // The text in the box: empty while the customer retypes it; the quantity used is never below 1.
  const [quantityText, setQuantityText] = useState('1');
  const [addButton, setAddButton] = useState<HTMLButtonElement | null>(null);
  const buttonScrolledAway = useScrolledPast(addButton);

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

  // A server-rendered page's controls wait for the app: a click before it runs would do nothing.
  return (
    <>
      <fieldset disabled={!hydrated}>
        <legend className="visually-hidden">Comprar {product.name}</legend>
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
            <Form.Select value={variant?.id} onChange={(event) => chooseVariant(Number(event.target.value))}>
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
                  <Button variant="outline-secondary" aria-label="Diminuir quantidade" onClick={() => step(-1)} disabled={quantity <= 1}>
                    <BiDashLgIcon className="bi" aria-hidden="true" />
                  </Button>
                  <Form.Control
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={max}
                    step={1}
                    value={quantityText}
                    onChange={(event) => onQuantityChange(event.target.value)}
                    onBlur={() => setQuantityText(String(quantity))}
                    aria-describedby="product-stock"
                  />
                  <Button variant="outline-secondary" aria-label="Aumentar quantidade" onClick={() => step(1)} disabled={quantity >= max}>
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
                Este produto digital já está no carrinho.{' '}
                <Link to={paths.cart}>Ver o carrinho</Link>
              </p>
            : <div className="d-flex flex-wrap gap-2">
              <Button ref={setAddButton} variant="primary" size="lg" className="flex-grow-1 flex-sm-grow-0" onClick={add}>
                <BiCartPlusIcon className="bi me-2" aria-hidden="true" />
                Adicionar ao Carrinho
              </Button>
              <Button variant="outline-primary" size="lg" className="flex-grow-1 flex-sm-grow-0" onClick={buyNow}>
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
      {!available && hydrated && (
        <Suspense fallback={null}>
          <RestockAlertForm key={variant?.id ?? product.id} productId={product.id} variantId={variant?.id} itemName={variant ? `${product.name} (${variant.name})` : product.name} />
        </Suspense>
      )}
    </>
  );
}

function ProductDetail({ product }: { product: Product }) {
  const { user } = useSession();
  const list = product.isDigital ? { to: paths.digitalProducts, label: 'Produtos Digitais' } : { to: paths.products, label: 'Produtos' };
  return (
    <>
      <Breadcrumb label="Navegação estrutural" className="product-breadcrumb mb-3">
        <Breadcrumb.Item linkAs={Link} linkProps={{ to: paths.home }}>
          Home
        </Breadcrumb.Item>
        <Breadcrumb.Item linkAs={Link} linkProps={{ to: list.to }}>
          {list.label}
        </Breadcrumb.Item>
        <Breadcrumb.Item active className="text-break">
          {product.name}
        </Breadcrumb.Item>
      </Breadcrumb>
      <Row className="g-4">
        <Col xs={12} md={6}>
          <ProductGallery product={product} />
        </Col>
        <Col xs={12} md={6}>
          <h1 className="h2 text-break mb-2">{product.name}</h1>
          {product.isDigital && (
            <DigitalBadge label="Produto Digital" className="mb-3" />
          )}
          <PurchaseForm key={product.id} product={product} />
          {user?.isAdmin && (
            <Link to={paths.adminEditProduct(product.id)} className="btn btn-outline-secondary mt-4">
              <BiPencilIcon className="bi me-2" aria-hidden="true" />
              Editar Produto
            </Link>
          )}
        </Col>
      </Row>
      <RelatedProductsSlot product={product} />
    </>
  );
}

/** Below the product: its place kept, its code and data fetched as the customer scrolls near it. */
function RelatedProductsSlot({ product }: { product: Product }) {
  const slot = useRef<HTMLDivElement>(null);
  const near = useNearViewport(slot);
  return (
    <div ref={slot} className="related-products mt-5">
      {near && (
        <Suspense fallback={null}>
          <RelatedProducts product={product} />
        </Suspense>
      )}
    </div>
  );
}

/** /produtos/{id} (storefront.md §2): loading, error, not found or shown. */
export function ProductPage() {
  const { id = '' } = useParams();
  const validId = /^[1-9]\d{0,15}$/.test(id);
  // Its route's loader asked for it before the page shows (routes.tsx): an answer it got, a 404 too, stands.
  const product = useQuery({ ...productPageQueryOptions(id), enabled: validId, retryOnMount: false });

  let body;
  if (!validId || (product.isError && product.error instanceof ApiError && product.error.status === 404)) {
    body = (
      <>
        <div className="text-center py-5">
          <h1 className="h3 mb-4">{notFound}</h1>
          <Link to={paths.products} className="btn btn-primary">
            Voltar aos produtos
          </Link>
        </div>
      </>
    );
  } else if (product.isPending) {
    body = (
      <>
        <PageSpinner label="A carregar produto..." />
      </>
    );
  } else if (product.isError) {
    body = (
      <>
        <h1 className="visually-hidden">Detalhes do produto</h1>
        <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <span>{loadError}</span>
          <Button variant="outline-danger" size="sm" onClick={() => void product.refetch()}>
            Tentar novamente
          </Button>
        </Alert>
      </>
    );
  } else {
    body = <ProductDetail product={product.data} />;
  }
  return <Container className="py-4 py-md-5">{body}</Container>;
}


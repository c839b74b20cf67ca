import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { useState } from 'react';
import type { Product, Variant } from '#shared/schemas/catalog.ts';
import { CardImage } from '../../components/card-image.tsx';
import { useHydrated } from '../../components/use-hydrated.ts';
import { paths } from '#shared/paths.ts';
import { addItem, toCartItem } from '../cart/cart-store.ts';
import {
  ADDED_TO_CART,
  cutText,
  hasStock,
  ImagePlaceholder,
  isAvailable,
  OUT_OF_STOCK,
  priceLabel,
} from './catalog-ui.tsx';
import { useFlashMessage } from '../../components/use-timers.ts';
import { VariantPicker } from './variant-picker.tsx';
import BiCartPlusIcon from '~icons/bi/cart-plus';
import BiCheckCircleIcon from '~icons/bi/check-circle';

/** storefront.md §2: one product in the list (`priority` for the list's first, whose picture loads first). */
export function ProductCard({ product, priority }: { product: Product; priority?: boolean }) {
  const inStock = hasStock(product);
  // A server-rendered card's button waits for the app: a click before it runs would do nothing.
  const hydrated = useHydrated();
  const confirmation = useFlashMessage();
  const [picking, setPicking] = useState(false);

  const addToCart = (variant?: Variant) => {
    addItem(toCartItem(product, variant), 1);
    setPicking(false);
    confirmation.show(ADDED_TO_CART);
  };
  // With variants, the card asks which one; it never picks for the customer.
  const add = () => (product.hasVariants ? setPicking(true) : addToCart());

  return (
    <Card className="h-100 shadow-sm">
      {/* The picture links to the product too (the name is the link a keyboard or screen reader uses). */}
      <Link to={paths.product(product.id)} tabIndex={-1} aria-hidden="true">
        <CardImage className="product-card-media" image={product.images[0]} alt="" placeholder={<ImagePlaceholder />} priority={priority} />
      </Link>
      <Card.Body className="d-flex flex-column p-2 p-sm-3">
        <h2 className="h5 fs-6 fs-sm-5 card-title text-break">
          <Link to={paths.product(product.id)} className="product-card-name">
            {product.name}
          </Link>
        </h2>
        <p className="product-card-description text-secondary small flex-grow-1">{cutText(product.description)}</p>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2 mb-sm-3">
          <span className="fs-6 fs-sm-5 fw-semibold">{priceLabel(product)}</span>
          {!isAvailable(product) && <Badge bg="secondary">{OUT_OF_STOCK}</Badge>}
        </div>
        <div className="d-grid gap-2">
          <Link to={paths.product(product.id)} className="btn btn-outline-primary" aria-label={`Ver Detalhes de ${product.name}`}>
            Ver Detalhes
          </Link>
          {!product.isDigital && (
            <Button variant="primary" onClick={add} disabled={!inStock || !hydrated} aria-label={`Adicionar ${product.name} ao carrinho`}>
              <BiCartPlusIcon className="bi me-1 me-sm-2" aria-hidden="true" />
              {/* Two cards a row on a phone: 'Adicionar' beside the cart icon fits; the name above says it all. */}
              Adicionar<span className="d-none d-sm-inline"> ao carrinho</span>
            </Button>
          )}
        </div>
        {product.hasVariants && <VariantPicker product={product} show={picking} onPick={addToCart} onClose={() => setPicking(false)} />}
        {!product.isDigital && (
          <p className="add-confirmation small text-success mt-2 mb-0" aria-live="polite">
            {confirmation.message && (
              <span key={confirmation.key}>
                <BiCheckCircleIcon className="bi me-1" aria-hidden="true" />
                {confirmation.message}
              </span>
            )}
          </p>
        )}
      </Card.Body>
    </Card>
  );
}

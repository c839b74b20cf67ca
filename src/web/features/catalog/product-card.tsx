import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import type { Product } from '#shared/schemas/catalog.ts';
import { CardImage } from '../../components/card-image.tsx';
import { paths } from '../../paths.ts';
import { addItem, toCartItem } from '../cart/cart-store.ts';
import {
  ADDED_TO_CART,
  cutText,
  firstVariantInStock,
  hasStock,
  ImagePlaceholder,
  isAvailable,
  OUT_OF_STOCK,
  priceLabel,
  useConfirmation,
} from './catalog-ui.tsx';

/** storefront.md §2: one product in the list. */
export function ProductCard({ product }: { product: Product }) {
  const inStock = hasStock(product);
  const confirmation = useConfirmation();

  const add = () => {
    // With variants, the card adds the first variant that has stock.
    const variant = product.hasVariants ? firstVariantInStock(product) : undefined;
    if (product.hasVariants && !variant) return;
    addItem(toCartItem(product, variant), 1);
    confirmation.show();
  };

  return (
    <Card className="h-100 shadow-sm">
      <CardImage className="product-card-media" image={product.images[0]} alt={product.name} placeholder={<ImagePlaceholder />} />
      <Card.Body className="d-flex flex-column">
        <h2 className="h5 card-title text-break">{product.name}</h2>
        <p className="product-card-description text-secondary small flex-grow-1">{cutText(product.description)}</p>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <span className="fs-5 fw-semibold">{priceLabel(product)}</span>
          {!isAvailable(product) && <Badge bg="secondary">{OUT_OF_STOCK}</Badge>}
        </div>
        <div className="d-grid gap-2">
          <Link to={paths.product(product.id)} className="btn btn-outline-primary" aria-label={`Ver Detalhes de ${product.name}`}>
            Ver Detalhes
          </Link>
          {!product.isDigital && (
            <Button variant="primary" onClick={add} disabled={!inStock} aria-label={`Adicionar ${product.name} ao carrinho`}>
              <i className="bi bi-cart-plus me-2" aria-hidden="true" />
              Adicionar ao carrinho
            </Button>
          )}
        </div>
        {!product.isDigital && (
          <p className="add-confirmation small text-success mt-2 mb-0" aria-live="polite">
            {confirmation.shown && (
              <span key={confirmation.key}>
                <i className="bi bi-check-circle me-1" aria-hidden="true" />
                {ADDED_TO_CART}
              </span>
            )}
          </p>
        )}
      </Card.Body>
    </Card>
  );
}

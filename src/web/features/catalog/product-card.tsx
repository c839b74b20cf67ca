import './product-card.css';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { cutText } from '#shared/cut-text.ts';
import type { Product, Variant } from '#shared/schemas/catalog.ts';
import { CardImage } from '../../components/card-image.tsx';
import { ResponsiveImage } from '../../components/responsive-image.tsx';
import { paths } from '#shared/paths.ts';
import { addItem, toCartItem } from '../cart/cart-store.ts';
import {
  CARD_DESCRIPTION_LENGTH,
  hasStock,
  ImagePlaceholder,
  isAvailable,
  OUT_OF_STOCK,
  priceLabel,
  unitPriceLabel,
} from './catalog-ui.tsx';
import { LowestPrice, saleOf, StruckPrice } from './sale-price.tsx';
import BiCartPlusIcon from '~icons/bi/cart-plus';

/** The variant picker (a dialog) is fetched the first time a card asks for a variant, not with the list. */
const VariantPicker = lazy(() => import('./variant-picker.tsx').then(({ VariantPicker }) => ({ default: VariantPicker })));

type ProductCardProps = {
  product: Product;
  /** The list's first card, whose picture is the page's largest paint on a phone: loaded first. */
  priority?: boolean;
  /** The card's name is a heading at this level under the page's or the section's heading. */
  headingLevel?: 2 | 3;
};

/**
 * One product wherever products are listed (storefront.md §2: the lists, the home page, related products):
 * picture, name, description, price. The whole card leads to the product ('Ver Detalhes' stretched over
 * it); the one button above it adds to the cart, asking for the variant first when there are variants (the
 * cart drawer then says what was added). On a desktop the card's second picture, where there is one, shows
 * while the pointer is over it.
 */
export function ProductCard({ product, priority, headingLevel = 2 }: ProductCardProps) {
  const inStock = hasStock(product);
  const [picking, setPicking] = useState(false);
  // Once asked for, the picker stays mounted, so closing it fades out and gives focus back to the button.
  const [pickerWanted, setPickerWanted] = useState(false);
  const Heading = `h${headingLevel}` as const;
  const [first, second] = product.images;

  const addButton = useRef<HTMLButtonElement>(null);

  const addToCart = (variant?: Variant) => {
    addItem(toCartItem(product, variant), 1, product.isDigital ? undefined : (variant ?? product).stock, addButton.current ?? undefined);
    setPicking(false);
  };
  // With variants, the card asks which one; it never picks for the customer.
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!product.hasVariants) return addToCart();
    setPickerWanted(true);
    setPicking(true);
  };

  const unitPrice = unitPriceLabel(product);
  const sale = saleOf(product);
  return (
    <article className="product-card card h-100">
      <CardImage className="product-card-media" image={first} alt="" placeholder={<ImagePlaceholder />} priority={priority}>
        {/* Fetched the first time the pointer is over the card (a hidden lazy picture is not loaded). */}
        {second && (
          <span className="product-card-alt" aria-hidden="true">
            <ResponsiveImage image={second} sizes={CARD_SIZES_ALT} alt="" />
          </span>
        )}
      </CardImage>
      <div className="card-body d-flex flex-column p-2 p-sm-3">
        <Heading className="product-card-title card-title text-break">{product.name}</Heading>
        <p className="product-card-description text-secondary small flex-grow-1">{cutText(product.description, CARD_DESCRIPTION_LENGTH)}</p>
        <p className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <span className="product-card-price">{priceLabel(product)}</span>
          {sale && <StruckPrice regular={sale.regular} className="small" />}
          {unitPrice && <span className="small text-secondary">{unitPrice}</span>}
          {!isAvailable(product) && <Badge bg="secondary">{OUT_OF_STOCK}</Badge>}
          {sale && <LowestPrice lowest={sale.lowest} className="w-100" />}
        </p>
        <div className="d-flex align-items-center justify-content-between gap-2">
          <Link to={paths.product(product.id)} className="product-card-link stretched-link" aria-label={`Ver Detalhes de ${product.name}`}>
            Ver Detalhes
          </Link>
          {!product.isDigital && (
            // A form the server answers (decision 0056): a tap before the app runs, or without JavaScript, lands on
            // the cart with the line in it (or on the product's page, to choose a variant).
            <form method="post" action={paths.cartAdd} onSubmit={add}>
              <input type="hidden" name="product_id" value={product.id} />
              <Button ref={addButton} type="submit" variant="primary" size="sm" className="product-card-add" disabled={!inStock} aria-label={`Adicionar ${product.name} ao carrinho`}>
                <BiCartPlusIcon className="bi" aria-hidden="true" />
                {/* Two cards a row on a phone: the icon alone there; the button's name says it all. */}
                <span className="d-none d-sm-inline ms-2">Adicionar</span>
              </Button>
            </form>
          )}
        </div>
        {pickerWanted && (
          <Suspense fallback={null}>
            <VariantPicker product={product} show={picking} onPick={addToCart} onClose={() => setPicking(false)} />
          </Suspense>
        )}
      </div>
    </article>
  );
}

/** The second picture only shows on a desktop card (three or four to a row). */
const CARD_SIZES_ALT = '(min-width: 1400px) 300px, (min-width: 1200px) 255px, 288px';

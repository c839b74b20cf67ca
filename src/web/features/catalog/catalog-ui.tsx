import type { Product } from '#shared/schemas/catalog.ts';
import { catalogMessages } from '#shared/texts/catalog.ts';
import { formatEuros, toCents } from '#shared/money.ts';
import { unitPriceText } from '#shared/unit-price.ts';
import BiImageIcon from '~icons/bi/image';

/** storefront.md §9: card descriptions are cut at 80 characters. */
export const CARD_DESCRIPTION_LENGTH = 80;
export const ADDED_TO_CART = 'Adicionado ao carrinho';
export const OUT_OF_STOCK = catalogMessages.outOfStock;

/** 'A partir de' the lowest variant price when the product has variants, else its price. */
export function priceLabel(product: Pick<Product, 'price' | 'hasVariants'>): string {
  return product.hasVariants ? `A partir de ${formatEuros(product.price)}` : formatEuros(product.price);
}

type Priced = Pick<Product, 'price' | 'hasVariants' | 'variants' | 'unit' | 'unit_quantity'>;

/**
 * The price per unit of measure beside a price (DL 138/90, art. 1.º, n.º 2; decision 0047), '(16,67 €/L)': of the
 * variant shown (a card shows the cheapest), its own quantity or the product's; null when not given.
 */
export function unitPriceLabel(product: Priced, variant?: Product['variants'][number] | null): string | null {
  const shown = variant ?? (product.hasVariants ? product.variants.find((v) => v.price === product.price) : undefined);
  const quantity = shown?.unit_quantity ?? product.unit_quantity;
  const text = unitPriceText(toCents(shown ? shown.price : product.price), quantity ? Math.round(quantity * 1000) : null, product.unit);
  return text && `(${text})`;
}

/** The variant a card adds: the first one with stock. */
export function firstVariantInStock(product: Pick<Product, 'variants'>) {
  return product.variants.find((variant) => variant.stock > 0);
}

/** storefront.md §5: with variants, some variant has stock above 0; otherwise the stock is above 0. */
export function hasStock(product: Pick<Product, 'hasVariants' | 'variants' | 'stock'>): boolean {
  return product.hasVariants ? firstVariantInStock(product) !== undefined : product.stock > 0;
}

/** Digital products are always available; physical ones while they have stock. */
export const isAvailable = (product: Pick<Product, 'isDigital' | 'hasVariants' | 'variants' | 'stock'>) =>
  product.isDigital || hasStock(product);

/** Shown where a product has no image: an icon for the eye, 'Sem imagem' for screen readers. */
export function ImagePlaceholder({ className = '' }: { className?: string }) {
  return (
    <div className={`product-image-placeholder ${className}`}>
      <BiImageIcon className="bi" aria-hidden="true" />
      <span className="visually-hidden">Sem imagem</span>
    </div>
  );
}

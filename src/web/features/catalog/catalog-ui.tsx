import type { Product } from '#shared/schemas/catalog.ts';
import { catalogMessages } from '#shared/texts/catalog.ts';
import { formatEuros } from '#shared/money.ts';
import BiImageIcon from '~icons/bi/image';

/** storefront.md §9: card descriptions are cut at 80 characters. */
export const CARD_DESCRIPTION_LENGTH = 80;
export const ADDED_TO_CART = 'Adicionado ao carrinho';
export const OUT_OF_STOCK = catalogMessages.outOfStock;

/** 'A partir de' the lowest variant price when the product has variants, else its price. */
export function priceLabel(product: Pick<Product, 'price' | 'hasVariants'>): string {
  return product.hasVariants ? `A partir de ${formatEuros(product.price)}` : formatEuros(product.price);
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

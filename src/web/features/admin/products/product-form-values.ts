import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { eurosForApi } from '#shared/money.ts';
import { MAX_IMAGE_BYTES, mediaMessages, type Product, productForm } from '#shared/schemas/catalog.ts';

// The product form as the browser holds it (every input is text), checked with the shared `productForm`
// (backoffice.md §5); the server checks again with `productFields` and its `fields` land on the same inputs.

export type VariantValues = {
  /** The existing variant's id (kept so the server updates it instead of creating a new one). */
  id?: number;
  name: string;
  price: string;
  stock: string;
  sku: string;
};

export type ProductFormValues = {
  name: string;
  description: string;
  order: string;
  price: string;
  stock: string;
  isDigital: boolean;
  link: string;
  hasVariants: boolean;
  variants: VariantValues[];
};

export const emptyVariant = (): VariantValues => ({ name: '', price: '', stock: '', sku: '' });

/** Euros as the inputs show them: 12.5 -> '12.50'. */
/** A price as the owner reads and types it: `12,50`. */
const euroText = (euros: number) => euros.toFixed(2).replace('.', ',');

export function productFormDefaults(product?: Product): ProductFormValues {
  if (!product) {
    return { name: '', description: '', order: '0', price: '', stock: '', isDigital: false, link: '', hasVariants: false, variants: [] };
  }
  return {
    name: product.name,
    description: product.description,
    order: String(product.order),
    price: product.hasVariants ? '' : euroText(product.price),
    stock: product.hasVariants ? '' : String(product.stock),
    isDigital: product.isDigital,
    link: product.link ?? '',
    hasVariants: product.hasVariants,
    variants: product.variants.map((v) => ({ id: v.id, name: v.name, price: euroText(v.price), stock: String(v.stock), sku: v.sku ?? '' })),
  };
}

/**
 * The shared rules of `productForm`, with the server's messages; the rows of a product without variants
 * are not checked (the admin may turn variants back on, and they are not sent).
 */
const checkProduct = zodResolver(productForm, undefined, { raw: true }) as unknown as Resolver<ProductFormValues>;
export const productFormResolver: Resolver<ProductFormValues> = (values, context, options) =>
  checkProduct(values.hasVariants ? values : { ...values, variants: [] }, context, options);

/**
 * The multipart body of POST /product and PUT /product/:id (backoffice.md §7): price and stock only
 * without variants, the link only when digital, variants and imagesToRemove as JSON, new files as `images`.
 */
export function productFormData(values: ProductFormValues, newFiles: readonly File[], imagesToRemove: readonly number[]): FormData {
  const form = new FormData();
  form.append('name', values.name.trim());
  form.append('description', values.description.trim());
  form.append('order', String(Number(values.order.trim())));
  form.append('isDigital', String(values.isDigital));
  if (values.isDigital) form.append('link', values.link.trim());
  form.append('hasVariants', String(values.hasVariants));
  if (values.hasVariants) {
    const variants = values.variants.map((v) => ({
      ...(v.id === undefined ? {} : { id: v.id }),
      name: v.name.trim(),
      price: eurosForApi(v.price),
      stock: Number(v.stock.trim()),
      sku: v.sku.trim() || null,
    }));
    form.append('variants', JSON.stringify(variants));
  } else {
    form.append('price', eurosForApi(values.price));
    form.append('stock', String(Number(values.stock.trim())));
  }
  form.append('imagesToRemove', JSON.stringify(imagesToRemove));
  for (const file of newFiles) form.append('images', file, file.name);
  return form;
}

// Images (backoffice.md §7): JPG, PNG, GIF or WebP, 10 MB each; SVG only in the media library.
export const PRODUCT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const productImageTypeMessage = 'Só são aceites imagens JPG, PNG, GIF ou WebP.';

/** Why a chosen file cannot be a product image, or null when it can. */
export function productImageProblem(file: File): string | null {
  if (!(PRODUCT_IMAGE_TYPES as readonly string[]).includes(file.type)) return productImageTypeMessage;
  if (file.size > MAX_IMAGE_BYTES) return mediaMessages.tooLarge;
  return null;
}

import { z } from 'zod';
import { catalogMessages, MAX_IMAGE_BYTES, mediaMessages, type Product } from '#shared/schemas/catalog.ts';
import { messages } from '#shared/messages.ts';
import { parseEuros } from '#shared/money.ts';

// The product form as the browser holds it (every input is text) and its checks, which mirror the server's
// `productFields` (backoffice.md §5) with the same messages, so the admin sees every problem at once before
// sending. The server checks again; its `fields` answer lands on the same inputs.

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
const euroText = (euros: number) => euros.toFixed(2);

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

const MAX_COUNT = 1_000_000;
/** A whole number from 0 to 1 000 000, written as digits only (as the server's stock and order rules). */
const isCount = (text: string) => /^\d{1,7}$/.test(text.trim()) && Number(text) <= MAX_COUNT;
const isLink = (text: string) => /^https?:\/\/\S+$/i.test(text.trim());

/** Every rule checked in one pass, so all the invalid fields are marked together. */
export const productFormSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    order: z.string(),
    price: z.string(),
    stock: z.string(),
    isDigital: z.boolean(),
    link: z.string(),
    hasVariants: z.boolean(),
    variants: z.array(z.object({ id: z.number().optional(), name: z.string(), price: z.string(), stock: z.string(), sku: z.string() })),
  })
  .superRefine((v, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });

    const name = v.name.trim();
    if (!name) issue(['name'], catalogMessages.nameRequired);
    else if (name.length > 200) issue(['name'], messages.tooLong);
    const description = v.description.trim();
    if (!description) issue(['description'], catalogMessages.descriptionRequired);
    else if (description.length > 10_000) issue(['description'], messages.tooLong);
    if (!isCount(v.order)) issue(['order'], catalogMessages.orderRequired);

    if (v.isDigital) {
      if (v.link.trim().length > 2000) issue(['link'], messages.tooLong);
      else if (!isLink(v.link)) issue(['link'], catalogMessages.linkRequired);
    }

    if (!v.hasVariants) {
      if (Number.isNaN(parseEuros(v.price))) issue(['price'], catalogMessages.priceRequired);
      if (!isCount(v.stock)) issue(['stock'], catalogMessages.stockRequired);
      return;
    }
    if (v.variants.length === 0) issue(['variants'], catalogMessages.variantsRequired);
    if (v.variants.length > 100) issue(['variants'], messages.tooLong);
    const skuSeen = new Map<string, number>();
    v.variants.forEach((variant, index) => {
      const variantName = variant.name.trim();
      if (!variantName) issue(['variants', index, 'name'], catalogMessages.variantName);
      else if (variantName.length > 120) issue(['variants', index, 'name'], messages.tooLong);
      if (Number.isNaN(parseEuros(variant.price))) issue(['variants', index, 'price'], catalogMessages.variantPrice);
      if (!isCount(variant.stock)) issue(['variants', index, 'stock'], catalogMessages.variantStock);
      const sku = variant.sku.trim();
      if (sku.length > 64) issue(['variants', index, 'sku'], messages.tooLong);
      else if (sku && skuSeen.has(sku)) issue(['variants', index, 'sku'], catalogMessages.skuRepeated);
      else if (sku) skuSeen.set(sku, index);
    });
  });

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
      price: v.price.trim().replace(',', '.'),
      stock: Number(v.stock.trim()),
      sku: v.sku.trim() || null,
    }));
    form.append('variants', JSON.stringify(variants));
  } else {
    form.append('price', values.price.trim().replace(',', '.'));
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

import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { eurosForApi } from '#shared/money.ts';
import type { VatCategory } from '#shared/vat.ts';
import { MAX_IMAGE_BYTES, mediaMessages, type Product, productForm } from '#shared/schemas/catalog.ts';
import { unitQuantityText } from '#shared/unit-price.ts';

// The product form as the browser holds it (every input is text), checked with the shared `productForm`
// (backoffice.md §5); the server checks again with `productFields` and its `fields` land on the same inputs.

/** A sale as the form holds it (decision 0048): its price as typed ('12,50') and its first and last days (YYYY-MM-DD); blank is none. */
export type SaleValues = { sale_price: string; sale_starts_at: string; sale_ends_at: string };
export const noSale = (): SaleValues => ({ sale_price: '', sale_starts_at: '', sale_ends_at: '' });

export type VariantValues = SaleValues & {
  /** The existing variant's id (kept so the server updates it instead of creating a new one). */
  id?: number;
  name: string;
  price: string;
  stock: string;
  sku: string;
  /** Grams, blank: the product's weight. */
  weight_grams: string;
  /** How much of the product's unit the variant holds ('0,5'), blank: the product's. */
  unit_quantity: string;
  /** Its own VAT category, '' for the product's; the AT's reason when exempt ('' otherwise). */
  vat_category: VatCategory | '';
  vat_exemption_reason: string;
};

export type ProductFormValues = SaleValues & {
  name: string;
  description: string;
  order: string;
  price: string;
  stock: string;
  isDigital: boolean;
  link: string;
  hasVariants: boolean;
  /** '' when the right of withdrawal applies; else the law's reason (issue #28). */
  withdrawalExemption: string;
  /** One item's weight in grams, for shipping by weight; blank when not given. */
  weight_grams: string;
  /** The price per unit of measure (decision 0047): how much of `unit` one item holds; both blank when not given. */
  unit_quantity: string;
  unit: string;
  /** Its VAT category, and the AT's reason when exempt ('' otherwise): decision 0053. */
  vat_category: VatCategory;
  vat_exemption_reason: string;
  variants: VariantValues[];
};

export const emptyVariant = (): VariantValues => ({ name: '', price: '', stock: '', sku: '', weight_grams: '', unit_quantity: '', vat_category: '', vat_exemption_reason: '', ...noSale() });

const gramsText = (grams: number | null | undefined) => (grams === null || grams === undefined ? '' : String(grams));
const quantityText = (quantity: number | null | undefined) => (quantity === null || quantity === undefined ? '' : unitQuantityText(Math.round(quantity * 1000)));

/** A price as the owner reads and types it: `12,50`. */
const euroText = (euros: number) => euros.toFixed(2).replace('.', ',');

/** The sale as set (admin answers carry it whether it applies today or not). */
const saleValues = (sale: Product['sale']): SaleValues =>
  sale ? { sale_price: euroText(sale.sale_price), sale_starts_at: sale.sale_starts_at ?? '', sale_ends_at: sale.sale_ends_at ?? '' } : noSale();

export function productFormDefaults(product?: Product): ProductFormValues {
  if (!product) {
    const blank = { weight_grams: '', unit_quantity: '', unit: '', vat_category: 'normal' as const, vat_exemption_reason: '' };
    return { name: '', description: '', order: '0', price: '', stock: '', isDigital: false, link: '', hasVariants: false, withdrawalExemption: '', ...blank, ...noSale(), variants: [] };
  }
  return {
    name: product.name,
    description: product.description,
    order: String(product.order),
    price: product.hasVariants ? '' : euroText(product.regular_price ?? product.price),
    stock: product.hasVariants ? '' : String(product.stock),
    isDigital: product.isDigital,
    link: product.link ?? '',
    hasVariants: product.hasVariants,
    withdrawalExemption: product.withdrawalExemption ?? '',
    weight_grams: gramsText(product.weight_grams),
    unit_quantity: quantityText(product.unit_quantity),
    unit: product.unit ?? '',
    // With variants the product has no sale of its own (each variant has its own).
    ...(product.hasVariants ? noSale() : saleValues(product.sale)),
    vat_category: product.vat_category ?? 'normal',
    vat_exemption_reason: product.vat_exemption_reason ?? '',
    variants: product.variants.map((v) => ({
      id: v.id,
      name: v.name,
      price: euroText(v.regular_price ?? v.price),
      stock: String(v.stock),
      sku: v.sku ?? '',
      weight_grams: gramsText(v.weight_grams),
      unit_quantity: quantityText(v.unit_quantity),
      vat_category: v.vat_category ?? '',
      vat_exemption_reason: v.vat_exemption_reason ?? '',
      ...saleValues(v.sale),
    })),
  };
}

/** The sale's fields as sent: the price in euros with a point ('12.50'), days as given; blank clears the sale. */
const saleSent = (v: SaleValues) => ({
  sale_price: v.sale_price.trim() ? eurosForApi(v.sale_price) : '',
  sale_starts_at: v.sale_starts_at.trim(),
  sale_ends_at: v.sale_ends_at.trim(),
});

/**
 * The shared rules of `productForm`, with the server's messages; the rows of a product without variants
 * are not checked (the admin may turn variants back on, and they are not sent).
 */
const checkProduct = zodResolver(productForm, undefined, { raw: true }) as unknown as Resolver<ProductFormValues>;
export const productFormResolver: Resolver<ProductFormValues> = (values, context, options) =>
  checkProduct(values.hasVariants ? values : { ...values, variants: [] }, context, options);

/**
 * The multipart body of POST /product and PUT /product/:id (backoffice.md §7): price, stock and sale only
 * without variants, the link only when digital, variants (each with its sale) and imagesToRemove as JSON, new
 * files as `images`. `collectionIds`: the collections chosen, when the form knew them (absent, the server leaves
 * them as they are).
 */
export function productFormData(values: ProductFormValues, newFiles: readonly File[], imagesToRemove: readonly number[], collectionIds?: readonly number[]): FormData {
  const form = new FormData();
  form.append('name', values.name.trim());
  form.append('description', values.description.trim());
  form.append('order', String(Number(values.order.trim())));
  form.append('isDigital', String(values.isDigital));
  if (values.isDigital) form.append('link', values.link.trim());
  form.append('hasVariants', String(values.hasVariants));
  form.append('withdrawalExemption', values.withdrawalExemption);
  form.append('vat_category', values.vat_category);
  form.append('vat_exemption_reason', values.vat_category === 'exempt' ? values.vat_exemption_reason : '');
  if (values.hasVariants) {
    const variants = values.variants.map((v) => ({
      ...(v.id === undefined ? {} : { id: v.id }),
      name: v.name.trim(),
      price: eurosForApi(v.price),
      stock: Number(v.stock.trim()),
      sku: v.sku.trim() || null,
      weight_grams: v.weight_grams.trim() || null,
      unit_quantity: v.unit_quantity.trim() || null,
      vat_category: v.vat_category || null,
      vat_exemption_reason: v.vat_category === 'exempt' ? v.vat_exemption_reason : null,
      ...Object.fromEntries(Object.entries(saleSent(v)).map(([key, value]) => [key, value || null])),
    }));
    form.append('variants', JSON.stringify(variants));
  } else {
    form.append('price', eurosForApi(values.price));
    form.append('stock', String(Number(values.stock.trim())));
    for (const [key, value] of Object.entries(saleSent(values))) form.append(key, value);
  }
  // Blank clears: the weight (a digital product has none) and the quantity with its unit.
  form.append('weight_grams', values.isDigital ? '' : values.weight_grams.trim());
  form.append('unit_quantity', values.unit_quantity.trim());
  form.append('unit', values.unit);
  form.append('imagesToRemove', JSON.stringify(imagesToRemove));
  if (collectionIds) form.append('collectionIds', JSON.stringify(collectionIds));
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

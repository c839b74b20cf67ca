import { z } from 'zod';
import './locale.ts';
import { dateTime, euros, pageSizeParam } from './common.ts';
import { parseEuros } from '../money.ts';
import { messages } from '../messages.ts';
import { catalogMessages, mediaMessages } from '../texts/catalog.ts';
import { priceShown, saleFields, type SaleInput, saleOf, saleRules } from './sale.ts';
import { productVatFields, variantVatFields, vatColumnsOf, vatRules, vatShown } from './vat-fields.ts';
import { parseUnitQuantity, UNITS } from '../unit-price.ts';
import { EXEMPTION_REASONS } from '../withdrawal.ts';
export { catalogMessages, mediaMessages } from '../texts/catalog.ts';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_PRODUCT_IMAGES = 12;

/** An image as every answer shows it: URLs change whenever the image does. */
export const imageRef = z.object({
  id: z.number().int(),
  src: z.string(),
  srcset: z.string(),
  thumbnail: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ImageRef = z.infer<typeof imageRef>;

export const variant = z.object({
  id: z.number().int(),
  name: z.string(),
  price: euros,
  ...priceShown,
  stock: z.number().int(),
  sku: z.string().nullable(),
  /** Grams, when it weighs other than its product (shipping by weight). */
  weight_grams: z.number().int().nullable().optional(),
  /** How much of the product's unit this variant holds, when it differs from the product's (decision 0047). */
  unit_quantity: z.number().nullable().optional(),
  /** Its own VAT category (null: the product's) and the rate it is sold at (decision 0053). */
  ...vatShown,
});
export type Variant = z.infer<typeof variant>;

export const product = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Euros, the price charged now. With variants: the lowest variant price ('A partir de'), whose sale the fields below tell. */
  price: euros,
  ...priceShown,
  /** Units available: the product's own, or the sum of its variants'. */
  stock: z.number().int(),
  isDigital: z.boolean(),
  /** "Sem direito de livre resolução" and the law's reason (DL 24/2014, art. 17.º), or null. */
  withdrawalExemption: z.enum(EXEMPTION_REASONS).nullable(),
  order: z.number().int(),
  hasVariants: z.boolean(),
  /** One unit's weight in grams, for shipping by weight bands (decision 0046); null when not given. */
  weight_grams: z.number().int().nullable().optional(),
  /** How much of `unit` one item holds (0.75 and 'L'), for the price per unit of measure; null when not given. */
  unit_quantity: z.number().nullable().optional(),
  unit: z.enum(UNITS).nullable().optional(),
  /** Its VAT category, the exemption's reason, and the rate it is sold at today in the shop's region (decision 0053). */
  ...vatShown,
  variants: z.array(variant),
  images: z.array(imageRef),
  /** Only in answers to admins: the access link is delivered to buyers after payment. */
  link: z.string().nullable().optional(),
  /** Only in answers to admins: the collections the product is in (the product form's choice). */
  collectionIds: z.array(z.number().int()).optional(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type Product = z.infer<typeof product>;

/**
 * How many products each filter choice leaves, the other filters kept (issue #30): availability, type and
 * collection; `price` is the range of the prices shown ('A partir de'), in euros, null when nothing matches.
 */
export const productFacets = z.object({
  inStock: z.number().int(),
  type: z.object({ physical: z.number().int(), digital: z.number().int() }),
  collections: z.array(z.object({ slug: z.string(), name: z.string(), count: z.number().int() })),
  price: z.object({ min: euros, max: euros }).nullable(),
});
export type ProductFacets = z.infer<typeof productFacets>;

export const productList = z.object({ rows: z.array(product), count: z.number().int(), facets: productFacets.optional() });
export type ProductList = z.infer<typeof productList>;

const boolText = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

/** A price bound in euros as typed in Portugal ('12,5', '12.50', '1 234,50'), in cents. */
const priceBound = (message: string) =>
  z
    .string()
    .trim()
    .max(20, { error: message })
    .transform((v, ctx) => {
      const c = parseEuros(v);
      if (Number.isNaN(c)) ctx.addIssue({ code: 'custom', message });
      return c;
    });

/** The filters of the product list and of a collection's page (issue #30). */
const listFilters = {
  minPrice: priceBound(catalogMessages.minPriceInvalid).optional(),
  maxPrice: priceBound(catalogMessages.maxPriceInvalid).optional(),
  inStock: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === '1')
    .optional(),
  type: z.enum(['physical', 'digital']).optional(),
  collection: z.string().trim().max(120).optional(),
};

const priceRange = (v: { minPrice?: number | undefined; maxPrice?: number | undefined }, ctx: z.RefinementCtx) => {
  if (v.minPrice !== undefined && v.maxPrice !== undefined && v.minPrice > v.maxPrice)
    ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: catalogMessages.priceRangeInverted });
};

const listShape = {
  order: z.enum(['asc', 'desc']).default('asc'),
  isDigital: boolText.optional(),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: pageSizeParam(100, 12),
  ...listFilters,
};

export const productListQuery = z.object({ sortBy: z.enum(['price', 'order', 'name']).default('price'), ...listShape }).superRefine(priceRange);
export type ProductListQuery = z.output<typeof productListQuery>;

/** A collection's products: the same filters; without `sortBy`, the collection's own sort ('position' is its manual order). */
export const collectionProductsQuery = z
  .object({ sortBy: z.enum(['price', 'order', 'name', 'position']).optional(), ...listShape })
  .superRefine(priceRange);

const cents = (message: string) =>
  z.union([z.string(), z.number()]).transform((v, ctx) => {
    const c = parseEuros(v);
    if (Number.isNaN(c)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return c;
  });

/** Grams from a form field (0 to 1 000 kg); a blank field is "not given". */
const grams = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.coerce.number({ error: catalogMessages.weight }).int({ error: catalogMessages.weight }).min(0, { error: catalogMessages.weight }).max(1_000_000, { error: catalogMessages.weight }).nullable(),
);

/**
 * A quantity of the unit ('0,75') in thousandths; blank is "not given" (null). The product's own field is multipart
 * text (a nullable string, as the API document says); a variant's, inside its JSON, may be a number too.
 */
const unitQuantity = (numbers = false) =>
  z.preprocess(
    (v) => (v === '' || v === null ? null : v),
    (numbers ? z.union([z.string(), z.number(), z.null()]) : z.string().nullable()).transform((v, ctx) => {
      if (v === null) return null;
      const milli = parseUnitQuantity(v);
      if (Number.isNaN(milli)) {
        ctx.addIssue({ code: 'custom', message: catalogMessages.unitQuantity });
        return z.NEVER;
      }
      return milli;
    }),
  );

const unit = z.preprocess((v) => (v === '' ? null : v), z.enum(UNITS, { error: catalogMessages.unit }).nullable());

/** A whole number from a form field; a blank field is missing, not zero. */
const wholeNumber = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ error: message }).int({ error: message }).min(0, { error: message }).max(1_000_000, { error: message }),
  );

const variantObject = z.object({
  id: z.coerce.number().int().positive().optional(),
  name: z.string({ error: catalogMessages.variantName }).trim().min(1, { error: catalogMessages.variantName }).max(120, { error: messages.tooLong }),
  price: cents(catalogMessages.variantPrice),
  stock: wholeNumber(catalogMessages.variantStock),
  sku: z
    .string()
    .trim()
    .max(64, { error: messages.tooLong })
    .nullish()
    .transform((v) => v || null),
  // Absent: left as it is (the catalogue import does not carry it); blank: not given.
  weight_grams: grams.optional(),
  unit_quantity: unitQuantity(true).optional(),
  ...saleFields(true),
  ...variantVatFields,
});

export const variantInput = variantObject.superRefine((v, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  saleRules(v, v.price, issue);
  vatRules(v, issue);
});

const jsonText = <T extends z.ZodType>(schema: T) =>
  z.union([z.string(), z.array(z.unknown())]).transform((v, ctx) => {
    let parsed: unknown = v;
    if (typeof v === 'string') {
      try {
        parsed = v.trim() ? JSON.parse(v) : [];
      } catch {
        ctx.addIssue({ code: 'custom', message: messages.invalidInput });
        return z.NEVER;
      }
    }
    const result = schema.safeParse(parsed);
    if (!result.success) {
      for (const issue of result.error.issues) ctx.addIssue({ ...issue, code: 'custom', message: issue.message });
      return z.NEVER;
    }
    return result.data as z.output<T>;
  });

const productShape = <V extends z.ZodType>(variants: V) =>
  z.object({
    name: z.string({ error: catalogMessages.nameRequired }).trim().min(1, { error: catalogMessages.nameRequired }).max(200, { error: messages.tooLong }),
    description: z
      .string({ error: catalogMessages.descriptionRequired })
      .trim()
      .min(1, { error: catalogMessages.descriptionRequired })
      .max(10_000, { error: messages.tooLong }),
    order: wholeNumber(catalogMessages.orderRequired),
    price: z.union([z.string(), z.number()]).optional(),
    stock: z.union([z.string(), z.number()]).optional(),
    isDigital: boolText.default(false),
    link: z.string().trim().max(2000, { error: messages.tooLong }).optional(),
    hasVariants: boolText.default(false),
    // Absent: left as it is (the catalogue import does not carry it); blank: the right of withdrawal applies.
    withdrawalExemption: z
      .union([z.literal(''), z.enum(EXEMPTION_REASONS, { error: catalogMessages.withdrawalExemption })])
      .optional()
      .transform((v) => (v === undefined ? undefined : v || null)),
    // Absent: left as they are (the catalogue import does not carry them); blank: not given.
    weight_grams: grams.optional(),
    unit_quantity: unitQuantity().optional(),
    unit: unit.optional(),
    ...saleFields(),
    ...productVatFields,
    variants,
  });

type ProductRuleInput = {
  price?: string | number | undefined;
  stock?: string | number | undefined;
  isDigital: boolean;
  link?: string | undefined;
  hasVariants: boolean;
  unit_quantity?: number | null | undefined;
  unit?: string | null | undefined;
  variants: readonly { sku: string | null }[];
} & SaleInput &
  Parameters<typeof vatRules>[0];

const isWholeCount = (v: string | number | undefined) => {
  const stock = v === undefined || v === '' ? Number.NaN : Number(v);
  return Number.isInteger(stock) && stock >= 0 && stock <= 1_000_000;
};

/**
 * The rules between fields (backoffice.md §5), each reported on its own field so the form marks the input:
 * the link when digital; without variants price and stock; with variants at least one, and distinct SKUs.
 */
function productRules(v: ProductRuleInput, ctx: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  if (v.isDigital && !/^https?:\/\/\S+$/i.test(v.link ?? '')) issue(['link'], catalogMessages.linkRequired);
  // The quantity and its unit come together (or neither); each missing one is marked on its own input.
  const hasQuantity = v.unit_quantity !== null && v.unit_quantity !== undefined;
  if (v.unit && !hasQuantity) issue(['unit_quantity'], catalogMessages.unitPair);
  if (hasQuantity && !v.unit) issue(['unit'], catalogMessages.unitPair);
  vatRules(v, (path, message) => issue([path], message));
  if (!v.hasVariants) {
    if (Number.isNaN(parseEuros(v.price))) issue(['price'], catalogMessages.priceRequired);
    if (!isWholeCount(v.stock)) issue(['stock'], catalogMessages.stockRequired);
    saleRules(v, parseEuros(v.price), (path, message) => issue([path], message));
    return;
  }
  // Already reported when it is not a list; the rules below read only the rows.
  const variants = Array.isArray(v.variants) ? v.variants : [];
  if (variants.length === 0) issue(['variants'], catalogMessages.variantsRequired);
  const seen = new Set<string>();
  variants.forEach(({ sku }, index) => {
    if (sku && seen.has(sku)) issue(['variants', index, 'sku'], catalogMessages.skuRepeated);
    if (sku) seen.add(sku);
  });
}

// The rules also run when a field is already wrong, so the form shows every problem at once (but not on
// something that is not a form at all).
const always = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };

/**
 * The admin product form as the browser holds it (every input text, variants a list); the form resolves
 * with it, so the admin sees the server's rules and messages before sending.
 */
export const productForm = productShape(z.array(variantInput).max(100, { error: messages.tooLong })).superRefine(productRules, always);

/**
 * The product form's fields as multipart text (backoffice.md §7): the same rules, variants and
 * imagesToRemove as JSON.
 */
export const productFields = productShape(jsonText(z.array(variantInput).max(100)).default([]))
  .extend({
    imagesToRemove: jsonText(z.array(z.coerce.number().int().positive()).max(100)).default([]),
    // Absent: the product's collections stay as they are (an older form, a script).
    collectionIds: jsonText(z.array(z.coerce.number().int().positive()).max(200)).optional(),
  })
  .superRefine(productRules)
  .transform((v) => ({
    name: v.name,
    description: v.description,
    order: v.order,
    isDigital: v.isDigital,
    hasVariants: v.hasVariants,
    link: v.isDigital ? (v.link ?? '') : null,
    priceCents: v.hasVariants ? null : parseEuros(v.price),
    stock: v.hasVariants ? null : Number(v.stock),
    weightGrams: v.weight_grams,
    // Both sent together, or both left as they are.
    ...(v.unit_quantity === undefined && v.unit === undefined ? {} : { unitQuantityMilli: v.unit_quantity ?? null, unit: v.unit ?? null }),
    variants: v.hasVariants ? v.variants : [],
    withdrawalExemption: v.withdrawalExemption,
    vat: vatColumnsOf(v),
    // A product sold through variants has no sale of its own (each variant has its own).
    sale: v.hasVariants ? { salePriceCents: null, firstDay: null, lastDay: null } : saleOf(v),
    imagesToRemove: v.imagesToRemove,
    collectionIds: v.collectionIds,
  }));
export type ProductFields = z.output<typeof productFields>;

export const mediaImage = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  thumbnail: z.string(),
  srcset: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Bytes of the stored original rendition. */
  size: z.number().int(),
  createdAt: dateTime,
});
export type MediaImage = z.infer<typeof mediaImage>;

/** Names are given without an extension (backoffice.md §5); they are also the lookup key ('Sobre'). */
export const mediaName = z
  .string({ error: mediaMessages.nameRequired })
  .trim()
  .min(1, { error: mediaMessages.nameRequired })
  .max(80, { error: messages.tooLong })
  .regex(/^[\p{L}\p{N} _-]+$/u, { error: mediaMessages.nameInvalid });

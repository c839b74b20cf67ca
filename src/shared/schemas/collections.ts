import { z } from 'zod';
import './locale.ts';
import { messages } from '../messages.ts';
import { collectionMessages, collectionSorts } from '../texts/catalog.ts';
import { dateTime } from './common.ts';
import { imageRef, productFacets, productList } from './catalog.ts';

export { collectionMessages, collectionSorts, type CollectionSort } from '../texts/catalog.ts';

/** How a collection's page may sort its products, for `z.enum`. */
export const COLLECTION_SORTS = collectionSorts.map((s) => s.value) as [(typeof collectionSorts)[number]['value'], ...(typeof collectionSorts)[number]['value'][]];

/** A collection as the shop shows it: its page's address is /colecoes/{slug}. */
export const collection = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** Sanitised HTML. */
  description: z.string(),
  image: imageRef.nullable(),
  sort: z.enum(COLLECTION_SORTS),
  published: z.boolean(),
  onHome: z.boolean(),
  productCount: z.number().int(),
  updatedAt: dateTime,
});
export type Collection = z.infer<typeof collection>;

/** For the back office: also the products in it, in the owner's order, and the picture's library id. */
export const adminCollection = collection.extend({
  imageId: z.number().int().nullable(),
  productIds: z.array(z.number().int()),
  /** The same products with their names, for the form. */
  products: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AdminCollection = z.infer<typeof adminCollection>;

/** A collection's page: the collection and its products, paged and filtered like the product list. */
export const collectionPage = productList.extend({ collection, facets: productFacets.optional() });
export type CollectionPage = z.infer<typeof collectionPage>;

/** A slug as typed, or made from the name: lower case, no accents, words joined by hyphens. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** `POST /api/collection` and `PUT /api/collection/{id}` (issue #30): the slug is made from the name when absent. */
export const collectionBody = z
  .strictObject({
    name: z.string({ error: collectionMessages.nameRequired }).trim().min(1, { error: collectionMessages.nameRequired }).max(120, { error: messages.tooLong }),
    slug: z
      .string()
      .trim()
      .max(80, { error: collectionMessages.slugInvalid })
      .optional()
      .refine((v) => !v || SLUG_PATTERN.test(v), { error: collectionMessages.slugInvalid }),
    description: z.string().max(20_000, { error: messages.tooLong }).default(''),
    image_id: z.number().int().positive().nullable().default(null),
    product_ids: z.array(z.number().int().positive()).max(1000).default([]),
    sort: z.enum(COLLECTION_SORTS).default('manual'),
    published: z.boolean().default(false),
    on_home: z.boolean().default(false),
  })
  .transform((v) => ({ ...v, slug: v.slug || slugify(v.name), product_ids: [...new Set(v.product_ids)] }));
export type CollectionBody = z.output<typeof collectionBody>;

/** `GET /api/collection/{collection}`: the collection's slug. */
export const collectionSlugParam = z.object({ collection: z.string().trim().min(1).max(120).meta({ description: 'O endereço (slug) da coleção.' }) });
/** `PUT` and `DELETE /api/collection/{collection}`: the collection's id. */
export const collectionIdParam = z.object({ collection: z.coerce.number().int().positive().max(2_147_483_647).meta({ description: 'O id da coleção.' }) });

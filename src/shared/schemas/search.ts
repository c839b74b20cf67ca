import { z } from 'zod';
import './locale.ts';
import { euros } from './common.ts';
import { SUGGEST_MIN_CHARS, searchMessages } from '../texts/search.ts';
export { searchMessages, SUGGEST_COLLECTIONS, SUGGEST_PRODUCTS, SUGGEST_SERVICES } from '../texts/search.ts';

/** `GET /search/suggest?q=`: at least two characters once trimmed, at most 100 (the product list's limit). */
export const suggestQuery = z.object({
  q: z
    .string({ error: searchMessages.tooShort })
    .trim()
    .min(SUGGEST_MIN_CHARS, { error: searchMessages.tooShort })
    .max(100, { error: searchMessages.tooLong }),
});

/** A product as the header's suggestions show it: its picture (or none), name, price and address. */
const productSuggestion = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Euros: the product's price, or its lowest variant's ('A partir de'). */
  price: euros,
  fromPrice: z.boolean(),
  /** The first picture's thumbnail URL; null when the product has none. */
  image: z.string().nullable(),
  url: z.string(),
});

const serviceSuggestion = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  url: z.string(),
});

/**
 * A published collection whose name matches. Collections are issue #30's other part: until they are merged
 * the array is always empty; its shape is fixed now so the header needs no change when they come.
 */
const collectionSuggestion = z.object({ slug: z.string(), name: z.string(), url: z.string() });
export type CollectionSuggestion = z.infer<typeof collectionSuggestion>;

export const suggestAnswer = z.object({
  products: z.array(productSuggestion),
  collections: z.array(collectionSuggestion),
  services: z.array(serviceSuggestion),
});
export type SuggestAnswer = z.infer<typeof suggestAnswer>;
export type ProductSuggestion = z.infer<typeof productSuggestion>;

import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { toEuros } from '#shared/money.ts';
import { paths } from '#shared/paths.ts';
import type { CollectionSuggestion, ProductSuggestion } from '#shared/schemas/search.ts';
import type { Db } from '../../db/client.ts';
import { foldedName, nameHasWords, nameStartsWith, searchWords } from '../../platform/search-words.ts';
import { imageUrl } from '../media/images.ts';
import { inStockNow } from './product-list.ts';
import { collections, products } from './tables.ts';

/** The product's first picture, read for the rows the limit keeps only (PostgreSQL evaluates it after the sort). */
// Written out: inside a one-table select Drizzle names columns without their table, which the subquery would misread.
const firstPicture = sql<{ id: number; version: string } | null>`(
  SELECT json_build_object('id', i.id, 'version', i.version)
  FROM product_images pi JOIN images i ON i.id = pi.image_id
  WHERE pi.product_id = "products"."id"
  ORDER BY pi.position, i.id LIMIT 1)`;

/**
 * The header's product suggestions (issue #30): the full search's matching (every word, any order, accents
 * and case folded: platform/search-words.ts) and its order (sold-out last, names beginning with the first word,
 * then the list's default, price ascending), so the suggestions are the first results Enter opens. One query: the
 * folded names (migration 0025) are read through their trigram index, or scanned without folding anything
 * for a two-letter search, which no trigram index serves.
 */
export async function suggestProducts(db: Db, q: string, limit: number): Promise<ProductSuggestion[]> {
  const words = searchWords(q);
  if (!words[0]) return [];
  const rows = await db
    .select({ id: products.id, name: products.name, minPriceCents: products.minPriceCents, hasVariants: products.hasVariants, picture: firstPicture })
    .from(products)
    .where(and(isNull(products.archivedAt), ...nameHasWords(products.searchName, words)))
    .orderBy(desc(inStockNow), desc(nameStartsWith(products.searchName, words[0])), asc(products.minPriceCents), asc(products.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    price: toEuros(r.minPriceCents),
    fromPrice: r.hasVariants,
    image: r.picture ? imageUrl(r.picture, 'thumb') : null,
    url: paths.product(r.id),
  }));
}

/** The published collections whose name holds every word typed, those beginning with the first word first. */
export async function suggestCollections(db: Db, q: string, limit: number): Promise<CollectionSuggestion[]> {
  const words = searchWords(q);
  if (!words[0]) return [];
  const name = foldedName(collections.name);
  const rows = await db
    .select({ slug: collections.slug, name: collections.name })
    .from(collections)
    .where(and(eq(collections.published, true), ...nameHasWords(name, words)))
    .orderBy(desc(nameStartsWith(name, words[0])), asc(collections.name))
    .limit(limit);
  return rows.map((r) => ({ ...r, url: paths.collection(r.slug) }));
}

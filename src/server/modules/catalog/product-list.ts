import { and, asc, desc, eq, isNull, not, type SQL, sql } from 'drizzle-orm';
import { toEuros } from '#shared/money.ts';
import type { collectionProductsQuery, ProductFacets, ProductList } from '#shared/schemas/catalog.ts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { nameHasWords, nameStartsWith, searchWords } from '../../platform/search-words.ts';
import { withDetails } from './products.ts';
import { collectionProducts, collections, products, productVariants } from './tables.ts';

/** The product list's query, or a collection's (whose `sortBy` may be its manual order, 'position'). */
type ListQuery = z.output<typeof collectionProductsQuery> & { sortBy: 'price' | 'order' | 'name' | 'position' };
/** `withLink`: an admin's list (links shown; in the order she set, sold-out ones in their place). */
type Options = { withLink?: boolean; collectionId?: number };

/**
 * Whether a product can be bought now (issue #30, sold-out last): a digital one never runs out, a physical one
 * while its own stock, or any of its variants', is above 0. Computed from the stock rows, never stored, so no
 * sale, cancellation, edit or import can leave it wrong.
 */
export const inStockNow = sql<boolean>`(${products.isDigital} or case when ${products.hasVariants} then exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id} and ${productVariants.stock} > 0) else coalesce(${products.stock}, 0) > 0 end)`;

const inCollection = (collectionId: number) =>
  sql`exists (select 1 from ${collectionProducts} where ${collectionProducts.collectionId} = ${collectionId} and ${collectionProducts.productId} = ${products.id})`;

const inPublishedCollection = (slug: string) =>
  sql`exists (select 1 from ${collectionProducts} join ${collections} on ${collections.id} = ${collectionProducts.collectionId} where ${collections.slug} = ${slug} and ${collections.published} and ${collectionProducts.productId} = ${products.id})`;

type Facet = 'price' | 'inStock' | 'type' | 'collection';

/**
 * The list's conditions: those every count keeps (not archived, the search, the collection whose page it is)
 * and one group per filter a shopper chooses, so each facet can count its choices with the other filters kept.
 */
function conditions(query: ListQuery, options: Options) {
  const base: SQL[] = [isNull(products.archivedAt)];
  base.push(...nameHasWords(products.searchName, searchWords(query.q)));
  if (options.collectionId !== undefined) base.push(inCollection(options.collectionId));
  const price: SQL[] = [];
  if (query.minPrice !== undefined) price.push(sql`${products.minPriceCents} >= ${query.minPrice}`);
  if (query.maxPrice !== undefined) price.push(sql`${products.minPriceCents} <= ${query.maxPrice}`);
  const type: SQL[] = [];
  if (query.isDigital !== undefined) type.push(eq(products.isDigital, query.isDigital));
  if (query.type !== undefined) type.push(eq(products.isDigital, query.type === 'digital'));
  const by: Record<Facet, SQL[]> = {
    price,
    inStock: query.inStock === undefined ? [] : [query.inStock ? inStockNow : not(inStockNow)],
    type,
    collection: query.collection ? [inPublishedCollection(query.collection)] : [],
  };
  const all = (except?: Facet) => and(...Object.entries(by).flatMap(([facet, list]) => (facet === except ? [] : list))) ?? sql`true`;
  return { base: and(...base) as SQL, all };
}

const sortColumns = (collectionId: number | undefined) => ({
  price: products.minPriceCents,
  order: products.displayOrder,
  name: products.name,
  position:
    collectionId === undefined ?
      products.displayOrder
    : sql`(select ${collectionProducts.position} from ${collectionProducts} where ${collectionProducts.collectionId} = ${collectionId} and ${collectionProducts.productId} = ${products.id})`,
});

/** How many products each filter's choices leave, the other filters kept; the list's own count beside them. */
async function facetsOf(db: Db, where: ReturnType<typeof conditions>): Promise<{ count: number; facets: ProductFacets }> {
  const count = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
  const [[row], collectionRows] = await Promise.all([
    db
      .select({
        total: count(where.all()),
        inStock: count(and(where.all('inStock'), inStockNow) as SQL),
        physical: count(and(where.all('type'), not(products.isDigital)) as SQL),
        digital: count(and(where.all('type'), products.isDigital) as SQL),
        minPrice: sql<number | null>`min(${products.minPriceCents}) filter (where ${where.all('price')})`,
        maxPrice: sql<number | null>`max(${products.minPriceCents}) filter (where ${where.all('price')})`,
      })
      .from(products)
      .where(where.base),
    db
      .select({ slug: collections.slug, name: collections.name, count: sql<number>`count(*)::int` })
      .from(collectionProducts)
      .innerJoin(collections, eq(collections.id, collectionProducts.collectionId))
      .innerJoin(products, eq(products.id, collectionProducts.productId))
      .where(and(eq(collections.published, true), where.base, where.all('collection')))
      .groupBy(collections.id, collections.slug, collections.name)
      .orderBy(asc(collections.name)),
  ]);
  const minPrice = row?.minPrice ?? null;
  const maxPrice = row?.maxPrice ?? null;
  return {
    count: row?.total ?? 0,
    facets: {
      inStock: row?.inStock ?? 0,
      type: { physical: row?.physical ?? 0, digital: row?.digital ?? 0 },
      collections: collectionRows,
      price: minPrice === null || maxPrice === null ? null : { min: toEuros(Number(minPrice)), max: toEuros(Number(maxPrice)) },
    },
  };
}

/**
 * The product list (and a collection's products): search, filters, sort and page in PostgreSQL, with the counts
 * of each filter's choices. In every sort the products that can be bought come first (issue #30), unless the
 * shopper filters by availability (an admin sees her own order); a search then ranks the names that begin with its first word first.
 */
export async function listProducts(db: Db, query: ListQuery, options: Options = {}): Promise<Required<ProductList>> {
  const where = conditions(query, options);
  const direction = query.order === 'desc' ? desc : asc;
  const sortColumn = sortColumns(options.collectionId)[query.sortBy];
  const words = searchWords(query.q);
  const soldOutLast = query.inStock === undefined && !options.withLink ? [desc(inStockNow)] : [];
  const rank = words[0] ? [desc(nameStartsWith(products.searchName, words[0]))] : [];
  const [rows, { count, facets }] = await Promise.all([
    db
      .select()
      .from(products)
      .where(and(where.base, where.all()))
      .orderBy(...soldOutLast, ...rank, direction(sortColumn), direction(products.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    facetsOf(db, where),
  ]);
  return { rows: await withDetails(db, rows, options.withLink ?? false), count, facets };
}

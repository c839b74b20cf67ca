import { and, asc, count, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { collectionProductsQuery } from '#shared/schemas/catalog.ts';
import { type AdminCollection, type Collection, type CollectionBody, collectionMessages, type CollectionPage, type CollectionSort } from '#shared/schemas/collections.ts';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { sanitizeRichText } from '../../platform/html.ts';
import { recordChange } from '../audit/audit.ts';
import { toImageRef } from '../media/images.ts';
import { images } from '../media/tables.ts';
import { bumpCatalogVersion } from './catalog-freshness.ts';
import { listProducts } from './product-list.ts';
import { collectionProducts, collections, products } from './tables.ts';

type CollectionRow = typeof collections.$inferSelect;
type ImageRow = typeof images.$inferSelect;

/** The list sort a collection's own sort means, when its page is asked for without one. */
const ownSort: Record<CollectionSort, { sortBy: 'price' | 'name' | 'position'; order: 'asc' | 'desc' }> = {
  manual: { sortBy: 'position', order: 'asc' },
  price_asc: { sortBy: 'price', order: 'asc' },
  price_desc: { sortBy: 'price', order: 'desc' },
  name: { sortBy: 'name', order: 'asc' },
};

function toCollection(row: CollectionRow, image: ImageRow | null, productCount: number): Collection {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    // Sanitised again on the way out, as the home blocks (platform/html.ts).
    description: sanitizeRichText(row.description),
    image: image ? toImageRef(image) : null,
    sort: row.sort as CollectionSort,
    published: row.published,
    onHome: row.onHome,
    productCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Collections with their picture and how many products a shopper can open in each. */
async function readCollections(db: Tx, where: ReturnType<typeof and>): Promise<Collection[]> {
  const rows = await db
    .select({ row: collections, image: images })
    .from(collections)
    .leftJoin(images, eq(images.id, collections.imageId))
    .where(where)
    .orderBy(asc(collections.name), asc(collections.id));
  if (!rows.length) return [];
  const counts = await db
    .select({ id: collectionProducts.collectionId, value: count() })
    .from(collectionProducts)
    .innerJoin(products, and(eq(products.id, collectionProducts.productId), isNull(products.archivedAt)))
    .where(
      inArray(
        collectionProducts.collectionId,
        rows.map((r) => r.row.id),
      ),
    )
    .groupBy(collectionProducts.collectionId);
  const countOf = new Map(counts.map((c) => [c.id, c.value]));
  return rows.map(({ row, image }) => toCollection(row, image, countOf.get(row.id) ?? 0));
}

/** `GET /api/collection`: the published collections, by name. */
export const publishedCollections = (db: Db) => readCollections(db, eq(collections.published, true));

/** `GET /api/collection/{slug}`: a published collection and its products, filtered, sorted and paged like the list. */
export async function collectionPage(db: Db, slug: string, query: z.output<typeof collectionProductsQuery>): Promise<CollectionPage> {
  const [found] = await readCollections(db, and(eq(collections.slug, slug), eq(collections.published, true)));
  if (!found) throw notFound(collectionMessages.notFound);
  const sort = query.sortBy ? { sortBy: query.sortBy, order: query.order } : ownSort[found.sort];
  const list = await listProducts(db, { ...query, ...sort }, { collectionId: found.id });
  return { collection: found, ...list };
}

/** The back office's list: every collection, published or not, with its products in the owner's order. */
export async function adminCollections(db: Tx): Promise<AdminCollection[]> {
  // One after the other: inside a transaction the three share one connection.
  const all = await readCollections(db, undefined);
  const members = await db
    .select({ collectionId: collectionProducts.collectionId, id: products.id, name: products.name })
    .from(collectionProducts)
    .innerJoin(products, eq(products.id, collectionProducts.productId))
    .orderBy(asc(collectionProducts.position), asc(collectionProducts.productId));
  const imageIds = await db.select({ id: collections.id, imageId: collections.imageId }).from(collections);
  const imageOf = new Map(imageIds.map((r) => [r.id, r.imageId]));
  return all.map((c) => {
    const own = members.filter((m) => m.collectionId === c.id).map(({ id, name }) => ({ id, name }));
    return { ...c, imageId: imageOf.get(c.id) ?? null, productIds: own.map((p) => p.id), products: own };
  });
}

async function adminCollection(tx: Tx, id: number): Promise<AdminCollection> {
  const found = (await adminCollections(tx)).find((c) => c.id === id);
  if (!found) throw notFound(collectionMessages.notFound);
  return found;
}

/** The slug free, the picture a library image, every product existing: a clear 400 or 409 for each, nothing stored. */
async function checkBody(tx: Tx, body: CollectionBody, id: number | null) {
  if (!body.slug) throw invalid(collectionMessages.slugInvalid, { slug: collectionMessages.slugInvalid });
  const [taken] = await tx
    .select({ id: collections.id })
    .from(collections)
    .where(id === null ? eq(collections.slug, body.slug) : and(eq(collections.slug, body.slug), ne(collections.id, id)));
  if (taken) throw conflict(collectionMessages.slugTaken, { slug: collectionMessages.slugTaken });
  if (body.image_id !== null) {
    const [image] = await tx.select({ id: images.id }).from(images).where(and(eq(images.id, body.image_id), eq(images.kind, 'media')));
    if (!image) throw invalid(collectionMessages.imageNotFound, { image_id: collectionMessages.imageNotFound });
  }
  if (body.product_ids.length) {
    const found = await tx.select({ id: products.id }).from(products).where(inArray(products.id, body.product_ids));
    if (found.length !== body.product_ids.length) throw invalid(collectionMessages.productsNotFound, { product_ids: collectionMessages.productsNotFound });
  }
}

const rowValues = (body: CollectionBody) => ({
  name: body.name,
  slug: body.slug,
  description: sanitizeRichText(body.description),
  imageId: body.image_id,
  sort: body.sort,
  published: body.published,
  onHome: body.on_home,
});

/** What the audit log keeps of a collection. */
const audited = (c: AdminCollection) => ({
  name: c.name,
  slug: c.slug,
  description: c.description,
  imageId: c.imageId,
  sort: c.sort,
  published: c.published,
  onHome: c.onHome,
  productIds: c.productIds,
});

/** The collection's products become exactly `productIds`, in that order (its manual order). */
async function setMembers(tx: Tx, collectionId: number, productIds: number[]) {
  await tx.delete(collectionProducts).where(eq(collectionProducts.collectionId, collectionId));
  if (productIds.length) await tx.insert(collectionProducts).values(productIds.map((productId, position) => ({ collectionId, productId, position })));
}

/** Only one collection stands on the home page: choosing one there takes the place from the one before. */
async function takeHomePlace(tx: Tx, body: CollectionBody, id: number | null) {
  if (!body.on_home) return;
  await tx
    .update(collections)
    .set({ onHome: false, updatedAt: new Date() })
    .where(id === null ? eq(collections.onHome, true) : and(eq(collections.onHome, true), ne(collections.id, id)));
}

export async function createCollection(db: Db, body: CollectionBody): Promise<AdminCollection> {
  return db.transaction(async (tx) => {
    await checkBody(tx, body, null);
    await takeHomePlace(tx, body, null);
    const [row] = await tx.insert(collections).values(rowValues(body)).returning({ id: collections.id });
    if (!row) throw new Error('collection not stored');
    await setMembers(tx, row.id, body.product_ids);
    await bumpCatalogVersion(tx);
    const created = await adminCollection(tx, row.id);
    await recordChange(tx, { entity: 'collection', entityId: row.id, action: 'create', after: audited(created) });
    return created;
  });
}

export async function updateCollection(db: Db, id: number, body: CollectionBody): Promise<AdminCollection> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ id: collections.id }).from(collections).where(eq(collections.id, id)).for('update');
    if (!row) throw notFound(collectionMessages.notFound);
    const before = await adminCollection(tx, id);
    await checkBody(tx, body, id);
    await takeHomePlace(tx, body, id);
    await tx
      .update(collections)
      .set({ ...rowValues(body), updatedAt: new Date() })
      .where(eq(collections.id, id));
    await setMembers(tx, id, body.product_ids);
    await bumpCatalogVersion(tx);
    const after = await adminCollection(tx, id);
    await recordChange(tx, { entity: 'collection', entityId: id, action: 'update', before: audited(before), after: audited(after) });
    return after;
  });
}

export async function deleteCollection(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: collections.id }).from(collections).where(eq(collections.id, id)).for('update');
    if (!row) throw notFound(collectionMessages.notFound);
    const before = await adminCollection(tx, id);
    await tx.delete(collections).where(eq(collections.id, id));
    await bumpCatalogVersion(tx);
    await recordChange(tx, { entity: 'collection', entityId: id, action: 'delete', before: audited(before), after: null });
  });
}

/** Every published collection's page and when it last changed, for the sitemap. */
export async function collectionPages(db: Db): Promise<{ slug: string; updatedAt: Date }[]> {
  return db.select({ slug: collections.slug, updatedAt: collections.updatedAt }).from(collections).where(eq(collections.published, true)).orderBy(asc(collections.slug));
}

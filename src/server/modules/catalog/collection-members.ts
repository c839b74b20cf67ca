import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { collectionMessages } from '#shared/texts/catalog.ts';
import type { Tx } from '../../db/client.ts';
import { invalid } from '../../platform/errors.ts';
import { collectionProducts, collections } from './tables.ts';

/** The collections a product is in (the product form's choice). */
export async function productCollectionIds(tx: Tx, productId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: collectionProducts.collectionId })
    .from(collectionProducts)
    .where(eq(collectionProducts.productId, productId))
    .orderBy(asc(collectionProducts.collectionId));
  return rows.map((r) => r.id);
}

/**
 * From the product form: the product is in exactly these collections. A collection it joins gets it last in its
 * manual order; the ones it stays in keep its place.
 */
export async function setProductCollections(tx: Tx, productId: number, collectionIds: number[]) {
  const wanted = [...new Set(collectionIds)];
  if (wanted.length) {
    const found = await tx.select({ id: collections.id }).from(collections).where(inArray(collections.id, wanted));
    if (found.length !== wanted.length) throw invalid(collectionMessages.collectionsNotFound, { collectionIds: collectionMessages.collectionsNotFound });
  }
  const current = await productCollectionIds(tx, productId);
  const leaving = current.filter((id) => !wanted.includes(id));
  if (leaving.length) await tx.delete(collectionProducts).where(and(eq(collectionProducts.productId, productId), inArray(collectionProducts.collectionId, leaving)));
  for (const collectionId of wanted.filter((id) => !current.includes(id))) {
    const [next] = await tx
      .select({ position: sql<number>`coalesce(max(${collectionProducts.position}), -1) + 1` })
      .from(collectionProducts)
      .where(eq(collectionProducts.collectionId, collectionId));
    await tx.insert(collectionProducts).values({ collectionId, productId, position: Number(next?.position ?? 0) });
  }
}

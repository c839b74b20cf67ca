import { and, inArray, isNull } from 'drizzle-orm';
import type { Product } from '#shared/schemas/catalog.ts';
import type { Tx } from '../../db/client.ts';
import { withDetails } from './products.ts';
import { products } from './tables.ts';

/** The products a customer can buy among these ids (archived and unknown ones left out), as their public pages show them. */
export async function publicProducts(db: Tx, ids: readonly number[]): Promise<Product[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  const rows = await db
    .select()
    .from(products)
    .where(and(inArray(products.id, wanted), isNull(products.archivedAt)));
  return withDetails(db, rows, false);
}

import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Overview } from '#shared/schemas/overview.ts';
import type { Db } from '../../db/client.ts';
import { products, productVariants } from './tables.ts';

/** Physical products on sale (and their variants) with `threshold` units or fewer, fewest first. */
export async function lowStock(db: Db, threshold: number): Promise<Overview['lowStock']['items']> {
  const onSale = and(isNull(products.archivedAt), eq(products.isDigital, false));
  const [simple, variants] = await Promise.all([
    db
      .select({ productId: products.id, name: products.name, stock: products.stock })
      .from(products)
      .where(and(onSale, eq(products.hasVariants, false), lte(products.stock, threshold))),
    db
      .select({ productId: products.id, variantId: productVariants.id, name: products.name, variantName: productVariants.name, stock: productVariants.stock })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(onSale, eq(products.hasVariants, true), lte(productVariants.stock, threshold))),
  ]);
  return [
    ...simple.map((p) => ({ productId: p.productId, variantId: null, name: p.name, variantName: null, stock: p.stock ?? 0 })),
    ...variants,
  ].sort((a, b) => a.stock - b.stock || a.name.localeCompare(b.name, 'pt') || (a.variantName ?? '').localeCompare(b.variantName ?? '', 'pt'));
}


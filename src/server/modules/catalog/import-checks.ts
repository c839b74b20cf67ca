import { inArray } from 'drizzle-orm';
import { fill } from '#shared/messages.ts';
import type { ProductFields } from '#shared/schemas/catalog.ts';
import { catalogMessages } from '#shared/schemas/catalog.ts';
import { importMessages, type ProductImportResult } from '#shared/schemas/exports.ts';
import type { Db } from '../../db/client.ts';
import { products, productVariants } from './tables.ts';

type Problem = ProductImportResult['problems'][number];

/** A product of the file, read and checked: created when `id` is null, else updated. */
export type PlannedProduct = { id: number | null; line: number; fields: ProductFields };

/**
 * What only the shop's data can tell about a file: IDs that name no product, SKUs another product holds (or
 * that the file gives twice). Reads only, outside any transaction: a dry run locks nothing a checkout waits
 * for, and a file with a problem writes nothing (so it uses up no product ids). An update keeps the variants
 * it names (by name) as the same rows: orders and stock stay attached to them.
 */
export async function checkAgainstShop(db: Db, planned: PlannedProduct[], problems: Problem[]): Promise<PlannedProduct[]> {
  const ids = planned.flatMap((p) => (p.id === null ? [] : [p.id]));
  const skus = planned.flatMap((p) => p.fields.variants.flatMap((v) => (v.sku ? [v.sku] : [])));
  const [existing, variantRows, skuRows] = await Promise.all([
    ids.length ? db.select({ id: products.id }).from(products).where(inArray(products.id, ids)) : [],
    ids.length
      ? db.select({ id: productVariants.id, productId: productVariants.productId, name: productVariants.name }).from(productVariants).where(inArray(productVariants.productId, ids))
      : [],
    skus.length
      ? db.select({ id: productVariants.id, productId: productVariants.productId, sku: productVariants.sku }).from(productVariants).where(inArray(productVariants.sku, skus))
      : [],
  ]);
  const known = new Set(existing.map((p) => p.id));
  const holder = new Map(skuRows.map((row) => [row.sku, row]));
  const inFile = new Set<string>();
  const checked: PlannedProduct[] = [];
  for (const product of planned) {
    if (product.id !== null && !known.has(product.id)) {
      problems.push({ line: product.line, message: fill(importMessages.unknownId, { id: product.id }) });
      continue;
    }
    const own = new Map(variantRows.filter((v) => v.productId === product.id).map((v) => [v.name.toLocaleLowerCase('pt'), v.id]));
    const variants = product.fields.variants.map((v) => ({ ...v, id: own.get(v.name.toLocaleLowerCase('pt')) }));
    const kept = new Set(variants.map((v) => v.id));
    const clash = variants.find((v) => {
      if (!v.sku) return false;
      const held = holder.get(v.sku);
      return inFile.has(v.sku) || (held !== undefined && (held.productId !== product.id || !kept.has(held.id)));
    });
    for (const v of variants) if (v.sku) inFile.add(v.sku);
    if (clash) {
      problems.push({ line: product.line, message: `${catalogMessages.skuTaken} (${clash.sku})` });
      continue;
    }
    checked.push({ ...product, fields: { ...product.fields, variants } });
  }
  return checked;
}

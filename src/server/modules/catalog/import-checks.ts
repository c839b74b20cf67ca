import { inArray } from 'drizzle-orm';
import { fill } from '#shared/messages.ts';
import type { ProductFields } from '#shared/schemas/catalog.ts';
import { catalogMessages } from '#shared/schemas/catalog.ts';
import { importMessages, type ProductImportResult } from '#shared/schemas/exports.ts';
import type { Db } from '../../db/client.ts';
import { products, productVariants } from './tables.ts';

type Problem = ProductImportResult['problems'][number];

type Stored = { id: number; name: string; sku: string | null };
type FileVariant = ProductFields['variants'][number];
const nameKey = (name: string) => name.toLocaleLowerCase('pt');

/**
 * The product's stored variant each line of the file stands for (decision 0048): the one with its SKU, else the
 * one with its name (case aside); each stored variant at most once. A variant renamed in the file keeps its row
 * by its SKU, and two variants of one name stay two rows.
 */
function matchVariants(file: readonly FileVariant[], stored: readonly Stored[]): FileVariant[] {
  const free = new Map(stored.map((row) => [row.id, row]));
  const bySku = file.map((v) => stored.find((row) => v.sku !== null && row.sku === v.sku));
  for (const row of bySku) if (row) free.delete(row.id);
  return file.map((v, index) => {
    const row = bySku[index] ?? [...free.values()].find((candidate) => nameKey(candidate.name) === nameKey(v.name));
    if (row) free.delete(row.id);
    return { ...v, id: row?.id };
  });
}

/** A product of the file, read and checked: created when `id` is null, else updated. */
export type PlannedProduct = { id: number | null; line: number; fields: ProductFields };

/**
 * What only the shop's data can tell about a file: IDs that name no product, SKUs another product holds (or
 * that the file gives twice). Reads only, outside any transaction: a dry run locks nothing a checkout waits
 * for, and a file with a problem writes nothing (so it uses up no product ids). An update keeps the variants
 * it names as the same rows (`matchVariants`): orders, stock, a sale and its price history stay attached to them.
 */
export async function checkAgainstShop(db: Db, planned: PlannedProduct[], problems: Problem[]): Promise<PlannedProduct[]> {
  const ids = planned.flatMap((p) => (p.id === null ? [] : [p.id]));
  const skus = planned.flatMap((p) => p.fields.variants.flatMap((v) => (v.sku ? [v.sku] : [])));
  const [existing, variantRows, skuRows] = await Promise.all([
    ids.length ? db.select({ id: products.id }).from(products).where(inArray(products.id, ids)) : [],
    ids.length
      ? db
          .select({ id: productVariants.id, productId: productVariants.productId, name: productVariants.name, sku: productVariants.sku })
          .from(productVariants)
          .where(inArray(productVariants.productId, ids))
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
    const variants = matchVariants(product.fields.variants, variantRows.filter((v) => v.productId === product.id));
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

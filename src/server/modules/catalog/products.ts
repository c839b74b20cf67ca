import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { toCents, toEuros } from '#shared/money.ts';
import { chargedCents, type PricePoint, saleApplies } from '#shared/sale.ts';
import { saleOf } from '#shared/schemas/sale.ts';
import { vatColumnsOf } from '#shared/schemas/vat-fields.ts';
import type { Product, ProductFields } from '#shared/schemas/catalog.ts';
import { catalogMessages, MAX_PRODUCT_IMAGES } from '#shared/schemas/catalog.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, invalid, notFound, pgErrorCode } from '../../platform/errors.ts';
import { deleteImages, storeImage, toImageRef } from '../media/images.ts';
import type { ProcessedImage } from '../media/processing.ts';
import { images } from '../media/tables.ts';
import { recordChange } from '../audit/audit.ts';
import { type SaleVat, saleVat } from '../tax/settings.ts';
import { bumpCatalogVersion } from './catalog-freshness.ts';
import { productCollectionIds, setProductCollections } from './collection-members.ts';
import { wakeRestockAlerts } from './restock-alerts.ts';
import { historyKey, historyOf, priceFields, pricesSaved, saleColumns, termsOf } from './sale-prices.ts';
import { productImages, products, productVariants } from './tables.ts';

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;
type ImageRow = typeof images.$inferSelect;

const milliToQuantity = (milli: number | null) => (milli === null ? null : milli / 1000);

type Prices = { now: Date; history: Map<string, PricePoint[]>; vat: SaleVat };

/** A product without variants shows its own price; one with variants its cheapest variant's now ('A partir de'). */
function shownPrice(row: ProductRow, variants: VariantRow[], { now, history }: Prices, withLink: boolean) {
  if (!row.hasVariants) return priceFields(row, history.get(historyKey(row.id, null)), now, withLink);
  const cheapest = variants.reduce<VariantRow | undefined>((best, v) => (best && chargedCents(termsOf(best), now) <= chargedCents(termsOf(v), now) ? best : v), undefined);
  if (!cheapest) return { price: toEuros(row.minPriceCents) };
  const { sale: _set, ...shown } = priceFields(cheapest, history.get(historyKey(row.id, cheapest.id)), now, false);
  return shown;
}

function toProduct(row: ProductRow, variants: VariantRow[], imageRows: ImageRow[], withLink: boolean, prices: Prices): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    ...shownPrice(row, variants, prices, withLink),
    stock: row.hasVariants ? variants.reduce((sum, v) => sum + v.stock, 0) : (row.stock ?? 0),
    isDigital: row.isDigital,
    withdrawalExemption: row.withdrawalExemption,
    order: row.displayOrder,
    hasVariants: row.hasVariants,
    weight_grams: row.weightGrams,
    unit_quantity: milliToQuantity(row.unitQuantityMilli),
    unit: row.unit,
    vat_category: row.vatCategory,
    vat_exemption_reason: row.vatExemptionReason,
    vat_rate: prices.vat.rateOf(row.vatCategory),
    variants: variants.map((v) => ({
      id: v.id,
      name: v.name,
      ...priceFields(v, prices.history.get(historyKey(row.id, v.id)), prices.now, withLink),
      stock: v.stock,
      sku: v.sku,
      weight_grams: v.weightGrams,
      unit_quantity: milliToQuantity(v.unitQuantityMilli),
      vat_category: v.vatCategory,
      vat_exemption_reason: v.vatExemptionReason,
      vat_rate: prices.vat.rateOf(v.vatCategory ?? row.vatCategory),
    })),
    images: imageRows.map(toImageRef),
    ...(withLink ? { link: row.link } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Variants, images and (for those on sale) price histories of several products in three queries, whatever their
 * number (no N+1), one after the other: `db` may be a transaction, one connection.
 */
export async function withDetails(db: Tx, rows: ProductRow[], withLink: boolean): Promise<Product[]> {
  if (!rows.length) return [];
  const now = new Date();
  const ids = rows.map((r) => r.id);
  // One after the other: `db` may be a transaction, whose statements run one at a time (decision 0050).
  const variantRows = await db.select().from(productVariants).where(inArray(productVariants.productId, ids)).orderBy(asc(productVariants.position), asc(productVariants.id));
  const imageRows = await db
    .select({ productId: productImages.productId, image: images })
    .from(productImages)
    .innerJoin(images, eq(images.id, productImages.imageId))
    .where(inArray(productImages.productId, ids))
    .orderBy(asc(productImages.position), asc(images.id));
  const onSale = [...rows.filter((r) => !r.hasVariants && saleApplies(termsOf(r), now)).map((r) => r.id), ...variantRows.filter((v) => saleApplies(termsOf(v), now)).map((v) => v.productId)];
  const prices = { now, history: await historyOf(db, [...new Set(onSale)], now), vat: await saleVat(db, now) };
  return rows.map((row) =>
    toProduct(
      row,
      variantRows.filter((v) => v.productId === row.id),
      imageRows.filter((i) => i.productId === row.id).map((i) => i.image),
      withLink,
      prices,
    ),
  );
}

/** A product for its page; archived ones exist only for admins (the orders still show what was bought). */
export async function getProduct(db: Tx, id: number, asAdmin = false): Promise<Product> {
  const [row] = await db
    .select()
    .from(products)
    .where(asAdmin ? eq(products.id, id) : and(eq(products.id, id), isNull(products.archivedAt)))
    .limit(1);
  if (!row) throw notFound(catalogMessages.productNotFound);
  const [product] = await withDetails(db, [row], asAdmin);
  return asAdmin ? { ...(product as Product), collectionIds: await productCollectionIds(db, id) } : (product as Product);
}

/** Every product a shopper can open (archived ones left out) and when it last changed, for the sitemap. */
export async function productPages(db: Db): Promise<{ id: number; isDigital: boolean; updatedAt: Date }[]> {
  return db
    .select({ id: products.id, isDigital: products.isDigital, updatedAt: products.updatedAt })
    .from(products)
    .where(isNull(products.archivedAt))
    .orderBy(asc(products.displayOrder), asc(products.id));
}

const minPrice = (fields: ProductFields) =>
  fields.hasVariants ? Math.min(...fields.variants.map((v) => v.price)) : (fields.priceCents ?? 0);

/** SKUs are unique across the shop; a clear 409 instead of the index's error. */
async function checkSkus(tx: Tx, fields: ProductFields, productId: number | null) {
  const skus = fields.variants.map((v) => v.sku).filter((s): s is string => Boolean(s));
  if (!skus.length) return;
  const taken = await tx
    .select({ id: productVariants.id, productId: productVariants.productId, sku: productVariants.sku })
    .from(productVariants)
    .where(inArray(productVariants.sku, skus));
  const own = new Set(fields.variants.map((v) => v.id).filter(Boolean));
  const clash = taken.find((t) => t.productId !== productId || !own.has(t.id));
  if (clash) throw conflict(catalogMessages.skuTaken, { variants: `${catalogMessages.skuTaken} (${clash.sku})` });
}

async function saveVariants(tx: Tx, productId: number, fields: ProductFields) {
  const existing = await tx.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, productId));
  const existingIds = new Set(existing.map((v) => v.id));
  const keep = new Set<number>();
  // Free the SKUs first so swapping two variants' SKUs does not trip the unique index.
  if (existing.length) await tx.update(productVariants).set({ sku: null }).where(eq(productVariants.productId, productId));
  for (const [position, v] of fields.variants.entries()) {
    const values = { name: v.name, priceCents: v.price, stock: v.stock, sku: v.sku, weightGrams: v.weight_grams, unitQuantityMilli: v.unit_quantity, ...vatColumnsOf(v), ...saleColumns(saleOf(v)), position };
    if (v.id && existingIds.has(v.id)) {
      keep.add(v.id);
      await tx.update(productVariants).set(values).where(eq(productVariants.id, v.id));
    } else {
      await tx.insert(productVariants).values({ ...values, productId });
    }
  }
  const removed = [...existingIds].filter((id) => !keep.has(id));
  if (removed.length) await tx.delete(productVariants).where(inArray(productVariants.id, removed));
}

async function addImages(tx: Tx, productId: number, uploads: ProcessedImage[]) {
  const [last] = await tx
    .select({ position: productImages.position })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(desc(productImages.position))
    .limit(1);
  let position = (last?.position ?? -1) + 1;
  for (const upload of uploads) {
    const image = await storeImage(tx, 'product', null, upload);
    await tx.insert(productImages).values({ productId, imageId: image.id, position: position++ });
  }
}

export function rowValues(fields: ProductFields) {
  return {
    name: fields.name,
    description: fields.description,
    priceCents: fields.hasVariants ? null : fields.priceCents,
    stock: fields.hasVariants ? null : fields.stock,
    minPriceCents: minPrice(fields),
    isDigital: fields.isDigital,
    link: fields.isDigital ? fields.link : null,
    displayOrder: fields.order,
    hasVariants: fields.hasVariants,
    weightGrams: fields.isDigital ? null : fields.weightGrams,
    ...(fields.unitQuantityMilli !== undefined ? { unitQuantityMilli: fields.unitQuantityMilli, unit: fields.unit ?? null } : {}),
    ...(fields.withdrawalExemption !== undefined ? { withdrawalExemption: fields.withdrawalExemption } : {}),
    ...fields.vat,
    ...saleColumns(fields.sale),
  };
}

/** What the audit log keeps of a product: what the shop sells it as (prices in cents). */
const audited = (p: Product) => ({
  name: p.name,
  priceCents: p.hasVariants ? null : toCents(p.regular_price ?? p.price),
  stock: p.stock,
  isDigital: p.isDigital,
  withdrawalExemption: p.withdrawalExemption,
  link: p.link ?? null,
  order: p.order,
  weightGrams: p.weight_grams ?? null,
  unitQuantity: p.unit_quantity ?? null,
  unit: p.unit ?? null,
  vatCategory: p.vat_category ?? null,
  vatExemptionReason: p.vat_exemption_reason ?? null,
  images: p.images.length,
  variants: p.variants.map((v) => ({
    name: v.name,
    priceCents: toCents(v.regular_price ?? v.price),
    stock: v.stock,
    sku: v.sku ?? null,
    weightGrams: v.weight_grams ?? null,
    unitQuantity: v.unit_quantity ?? null,
    vatCategory: v.vat_category ?? null,
  })),
  collectionIds: p.collectionIds ?? [],
});

export async function createProduct(db: Tx, fields: ProductFields, uploads: ProcessedImage[]): Promise<Product> {
  if (uploads.length > MAX_PRODUCT_IMAGES) throw invalid(catalogMessages.tooManyImages, { images: catalogMessages.tooManyImages });
  return db.transaction(async (tx) => {
    await checkSkus(tx, fields, null);
    const [row] = await tx.insert(products).values(rowValues(fields)).returning();
    if (!row) throw new Error('product not stored');
    await saveVariants(tx, row.id, fields);
    if (fields.collectionIds) await setProductCollections(tx, row.id, fields.collectionIds);
    await addImages(tx, row.id, uploads);
    await pricesSaved(tx, [row.id], new Date());
    await bumpCatalogVersion(tx);
    const created = await getProduct(tx, row.id, true);
    await recordChange(tx, { entity: 'product', entityId: row.id, action: 'create', after: audited(created) });
    return created;
  });
}

/** `bumpVersion: false` for a caller that changes many products in one transaction and bumps the version once, last (the import). */
export async function updateProduct(db: Tx, id: number, fields: ProductFields, uploads: ProcessedImage[], options = { bumpVersion: true }): Promise<Product> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).limit(1).for('update');
    if (!row) throw notFound(catalogMessages.productNotFound);
    const before = await getProduct(tx, id, true);
    await checkSkus(tx, fields, id);
    await tx
      .update(products)
      .set({ ...rowValues(fields), updatedAt: new Date() })
      .where(eq(products.id, id));
    await saveVariants(tx, id, fields);
    await pricesSaved(tx, [id], new Date());
    if (fields.collectionIds) await setProductCollections(tx, id, fields.collectionIds);
    // Back in stock (or sold out) by the owner's hand or an import: the alerts hear of it (decision 0043).
    await wakeRestockAlerts(tx, [id]);
    if (fields.imagesToRemove.length) {
      const owned = await tx
        .select({ imageId: productImages.imageId })
        .from(productImages)
        .where(and(eq(productImages.productId, id), inArray(productImages.imageId, fields.imagesToRemove)));
      await deleteImages(
        tx,
        owned.map((o) => o.imageId),
      );
    }
    const [{ value: kept } = { value: 0 }] = await tx.select({ value: count() }).from(productImages).where(eq(productImages.productId, id));
    if (kept + uploads.length > MAX_PRODUCT_IMAGES) throw invalid(catalogMessages.tooManyImages, { images: catalogMessages.tooManyImages });
    await addImages(tx, id, uploads);
    if (options.bumpVersion) await bumpCatalogVersion(tx);
    const after = await getProduct(tx, id, true);
    await recordChange(tx, { entity: 'product', entityId: id, action: 'update', before: audited(before), after: audited(after) });
    return after;
  });
}

/**
 * Deletes a product, or archives it when orders reference it (their foreign key refuses the delete): it
 * leaves the shop, and the orders keep showing what was bought.
 */
export async function deleteProduct(db: Db, id: number): Promise<'deleted' | 'archived'> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1).for('update');
    if (!row) throw notFound(catalogMessages.productNotFound);
    const before = audited(await getProduct(tx, id, true));
    const linked = await tx.select({ imageId: productImages.imageId }).from(productImages).where(eq(productImages.productId, id));
    let outcome: 'deleted' | 'archived' = 'deleted';
    try {
      // A savepoint: a refused delete must not abort the whole transaction on PostgreSQL.
      await tx.transaction(async (sp) => {
        await sp.delete(products).where(eq(products.id, id));
      });
    } catch (err) {
      // 23001 restrict_violation (order_items' ON DELETE RESTRICT), 23503 for a plain foreign key.
      if (!['23001', '23503'].includes(pgErrorCode(err) ?? '')) throw err;
      outcome = 'archived';
      await tx.update(products).set({ archivedAt: new Date(), updatedAt: new Date() }).where(eq(products.id, id));
    }
    if (outcome === 'deleted') {
      await deleteImages(
        tx,
        linked.map((l) => l.imageId),
      );
    }
    await bumpCatalogVersion(tx);
    await recordChange(tx, { entity: 'product', entityId: id, action: outcome === 'deleted' ? 'delete' : 'archive', before, after: null });
    return outcome;
  });
}

/** Each product's first image as a thumbnail URL (for order lines); one query for all the products asked. */
export async function productThumbnails(tx: Tx, productIds: (number | null)[]): Promise<Map<number, string>> {
  const ids = [...new Set(productIds.filter((id): id is number => id !== null))];
  if (!ids.length) return new Map();
  const rows = await tx
    .selectDistinctOn([productImages.productId], { productId: productImages.productId, image: images })
    .from(productImages)
    .innerJoin(images, eq(images.id, productImages.imageId))
    .where(inArray(productImages.productId, ids))
    .orderBy(productImages.productId, asc(productImages.position));
  return new Map(rows.map((r) => [r.productId, toImageRef(r.image).thumbnail]));
}

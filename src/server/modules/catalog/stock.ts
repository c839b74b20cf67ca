import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fill } from '#shared/messages.ts';
import { orderMessages, type orderItemInput } from '#shared/schemas/orders.ts';
import { chargedCents, saleApplies, type SaleTerms } from '#shared/sale.ts';
import type { VatCategory, VatExemptionReason } from '#shared/vat.ts';
import type { ExemptionReason } from '#shared/withdrawal.ts';
import type { Tx } from '../../db/client.ts';
import { conflict, invalid } from '../../platform/errors.ts';
import { announceStock, bumpCatalogVersion } from './catalog-freshness.ts';
import { wakeRestockAlerts } from './restock-alerts.ts';
import { termsOf } from './sale-prices.ts';
import { products, productVariants } from './tables.ts';

/** An order line as asked for (checkout, totals, admin orders). */
export type WantedItem = z.output<typeof orderItemInput>;

/** An order line as the catalogue prices it now. */
export type PricedLine = {
  productId: number;
  variantId: number | null;
  productName: string;
  variantName: string | null;
  isDigital: boolean;
  /** The product's mark "sem direito de livre resolução" when sold: the order keeps it with the line. */
  withdrawalExemption: ExemptionReason | null;
  quantity: number;
  unitPriceCents: number;
  /** The regular price, when a sale applies and the unit price is the sale's (the cart shows it struck through). */
  regularPriceCents: number | null;
  /** The units in stock when priced; null for a digital product, which never runs out. */
  stock: number | null;
  /** One unit's weight in grams (the variant's, else the product's; 0 when not given): weight bands read it. */
  weightGrams: number;
  /** Its VAT category (the variant's, else the product's) and, when exempt, the AT's code of why (decision 0053). */
  vatCategory: VatCategory;
  vatExemptionReason: VatExemptionReason | null;
};

/** The price charged now and, while a sale applies, the regular one before it (decision 0048). */
const charged = (terms: SaleTerms, now: Date) => ({ unitPriceCents: chargedCents(terms, now), regularPriceCents: saleApplies(terms, now) ? terms.priceCents : null });

/**
 * Prices the wanted items from the database (never from the client): unknown or archived products are a
 * 400, a product with variants needs one of its own, and repeated lines are merged.
 */
export async function priceItems(tx: Tx, items: WantedItem[]): Promise<PricedLine[]> {
  const merged = new Map<string, WantedItem>();
  for (const item of items) {
    const key = `${item.product_id}:${item.variant_id ?? ''}`;
    const seen = merged.get(key);
    merged.set(key, { ...item, quantity: (seen?.quantity ?? 0) + item.quantity });
  }
  const wanted = [...merged.values()];
  const productIds = [...new Set(wanted.map((i) => i.product_id))];
  // One after the other: a transaction's statements run one at a time anyway (decision 0050).
  const productRows = await tx.select().from(products).where(and(inArray(products.id, productIds), isNull(products.archivedAt)));
  const variantRows = await tx.select().from(productVariants).where(inArray(productVariants.productId, productIds));
  // The price charged now: a sale's while it applies (decision 0048).
  const now = new Date();
  return wanted.map((item) => {
    const product = productRows.find((p) => p.id === item.product_id);
    if (!product) throw invalid(orderMessages.unknownProduct, { items: orderMessages.unknownProduct });
    if (!product.hasVariants) {
      if (item.variant_id) throw invalid(orderMessages.unknownProduct, { items: orderMessages.unknownProduct });
      return {
        productId: product.id,
        variantId: null,
        productName: product.name,
        variantName: null,
        isDigital: product.isDigital,
        withdrawalExemption: product.withdrawalExemption,
        quantity: item.quantity,
        ...charged(termsOf(product, product.minPriceCents), now),
        stock: product.isDigital ? null : (product.stock ?? 0),
        weightGrams: product.isDigital ? 0 : (product.weightGrams ?? 0),
        vatCategory: product.vatCategory,
        vatExemptionReason: product.vatExemptionReason,
      };
    }
    const variant = variantRows.find((v) => v.id === item.variant_id && v.productId === product.id);
    if (!variant) throw invalid(fill(orderMessages.variantRequired, { name: product.name }), { items: orderMessages.unknownProduct });
    return {
      productId: product.id,
      variantId: variant.id,
      productName: product.name,
      variantName: variant.name,
      isDigital: product.isDigital,
      withdrawalExemption: product.withdrawalExemption,
      quantity: item.quantity,
      ...charged(termsOf(variant), now),
      stock: product.isDigital ? null : variant.stock,
      weightGrams: product.isDigital ? 0 : (variant.weightGrams ?? product.weightGrams ?? 0),
      vatCategory: variant.vatCategory ?? product.vatCategory,
      vatExemptionReason: variant.vatCategory ? variant.vatExemptionReason : product.vatExemptionReason,
    };
  });
}

// Lines in one fixed order, so two checkouts locking the same rows never wait on each other in a circle.
const byRow = (a: PricedLine, b: PricedLine) => a.productId - b.productId || (a.variantId ?? 0) - (b.variantId ?? 0);

/**
 * Takes stock for physical lines with a conditional update (no read-then-write): a line without enough
 * stock is a 409 naming it, and the caller's transaction rolls back whatever was taken before it.
 */
export async function takeStock(tx: Tx, lines: PricedLine[]) {
  const physical = lines.filter((l) => !l.isDigital).sort(byRow);
  let soldOut = false;
  for (const line of physical) {
    const taken = line.variantId
      ? await tx
          .update(productVariants)
          .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
          .where(and(eq(productVariants.id, line.variantId), gte(productVariants.stock, line.quantity)))
          .returning({ stock: productVariants.stock })
      : await tx
          .update(products)
          .set({ stock: sql`${products.stock} - ${line.quantity}` })
          .where(and(eq(products.id, line.productId), gte(products.stock, line.quantity)))
          .returning({ stock: products.stock });
    if (!taken.length) {
      const [left] = line.variantId
        ? await tx.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, line.variantId))
        : await tx.select({ stock: products.stock }).from(products).where(eq(products.id, line.productId));
      const name = line.variantName ? `${line.productName} (${line.variantName})` : line.productName;
      throw conflict(fill(orderMessages.outOfStock, { name, stock: left?.stock ?? 0 }), { items: name });
    }
    if (taken[0]?.stock === 0) soldOut = true;
  }
  // Cached shop pages change only when something sells out; bumping on every sale would make the one
  // version row a lock that every checkout in the shop waits for.
  if (soldOut) {
    await bumpCatalogVersion(tx);
    // Alerts told of the last return wait for the next one (decision 0043).
    await wakeRestockAlerts(tx, physical.map((l) => l.productId));
  }
  await announceStock(tx, physical.map((l) => l.productId));
}

/** Puts stock back (a cancelled or deleted order); a variant or product deleted since is skipped. */
export async function giveBackStock(tx: Tx, lines: { variantId: number | null; productId: number | null; quantity: number; isDigital: boolean }[]) {
  const physical = lines.filter((l) => !l.isDigital);
  let backInStock = false;
  for (const line of physical) {
    const given = line.variantId
      ? await tx
          .update(productVariants)
          .set({ stock: sql`${productVariants.stock} + ${line.quantity}` })
          .where(eq(productVariants.id, line.variantId))
          .returning({ stock: productVariants.stock })
      : line.productId
        ? await tx
            .update(products)
            .set({ stock: sql`${products.stock} + ${line.quantity}` })
            .where(eq(products.id, line.productId))
            .returning({ stock: products.stock })
        : [];
    if (given[0]?.stock === line.quantity) backInStock = true;
  }
  if (backInStock) await bumpCatalogVersion(tx);
  const productIds = physical.flatMap((l) => (l.productId === null ? [] : [l.productId]));
  // A cancelled order's units back on the shelf: whoever waits for them is told (decision 0043).
  await wakeRestockAlerts(tx, productIds);
  await announceStock(tx, productIds);
}

/** The access links of digital products, for the orders that paid for them. */
export async function digitalLinks(tx: Tx, productIds: number[]): Promise<Map<number, string>> {
  if (!productIds.length) return new Map();
  const rows = await tx
    .select({ id: products.id, link: products.link })
    .from(products)
    .where(and(inArray(products.id, productIds), eq(products.isDigital, true)));
  return new Map(rows.flatMap((r) => (r.link ? [[r.id, r.link] as const] : [])));
}

import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { images } from '../media/tables.ts';

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    // Own price and stock; null when the product sells through variants.
    priceCents: integer('price_cents'),
    stock: integer('stock'),
    // The price the list sorts by and shows ('A partir de'): own price or the lowest variant's.
    minPriceCents: integer('min_price_cents').notNull(),
    isDigital: boolean('is_digital').notNull().default(false),
    link: text('link'),
    displayOrder: integer('display_order').notNull().default(0),
    hasVariants: boolean('has_variants').notNull().default(false),
    // A product that appears in orders is archived instead of deleted: hidden from the shop, kept for the orders.
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list's sorts, with and without the digital filter, read in index order (no sort of the whole table).
    index('products_price_idx').on(t.isDigital, t.minPriceCents, t.id).where(sql`archived_at IS NULL`),
    index('products_list_price_idx').on(t.minPriceCents, t.id).where(sql`archived_at IS NULL`),
    index('products_list_name_idx').on(t.name, t.id).where(sql`archived_at IS NULL`),
    index('products_order_idx').on(t.displayOrder, t.id).where(sql`archived_at IS NULL`),
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    stock: integer('stock').notNull(),
    sku: text('sku'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_variants_product_idx').on(t.productId, t.position), uniqueIndex('product_variants_sku_key').on(t.sku)],
);

export const productImages = pgTable(
  'product_images',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.imageId] }), index('product_images_product_idx').on(t.productId, t.position)],
);

/**
 * One row whose version goes up with every change the shop's product pages must show at once: product
 * writes, and a product or variant selling out or coming back into stock. Every process compares it
 * before answering from its cache, so such a change made by any process is seen by all at once. Other
 * sales leave cached stock counts a little high until the next change; the checkout checks stock anyway.
 */
export const catalogState = pgTable('catalog_state', {
  id: integer('id').primaryKey().default(1),
  version: integer('version').notNull().default(0),
});

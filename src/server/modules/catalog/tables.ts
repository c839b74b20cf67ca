import { sql } from 'drizzle-orm';
import { VAT_CATEGORIES, VAT_EXEMPTION_CODES } from '#shared/vat.ts';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { UNITS } from '#shared/unit-price.ts';
import { EXEMPTION_REASONS } from '#shared/withdrawal.ts';
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
    // "Sem direito de livre resolução": the law's reason (DL 24/2014, art. 17.º, n.º 1; shared/withdrawal.ts), or null.
    withdrawalExemption: text('withdrawal_exemption', { enum: EXEMPTION_REASONS }),
    displayOrder: integer('display_order').notNull().default(0),
    hasVariants: boolean('has_variants').notNull().default(false),
    // One unit's weight, for shipping by weight bands (decision 0046); null: not given (weighs nothing there).
    weightGrams: integer('weight_grams'),
    // Its VAT category (the rate comes from the shop's region, decision 0053), and the AT's code of why when exempt.
    vatCategory: text('vat_category', { enum: VAT_CATEGORIES }).notNull().default('normal'),
    vatExemptionReason: text('vat_exemption_reason', { enum: VAT_EXEMPTION_CODES }),
    // How much of `unit` one item holds, in thousandths (750 and 'L': 0,75 L), for the price per unit of measure
    // (DL 138/90, art. 1.º, n.º 2; decision 0047); both null when not given.
    unitQuantityMilli: integer('unit_quantity_milli'),
    unit: text('unit', { enum: UNITS }),
    // A sale on the product's own price (not on a product sold through variants; each variant has its own): the
    // price and the instants it starts and ends (Lisbon midnights, the last day whole; null: open), decision 0048.
    salePriceCents: integer('sale_price_cents'),
    saleStartsAt: timestamp('sale_starts_at', { withTimezone: true }),
    saleEndsAt: timestamp('sale_ends_at', { withTimezone: true }),
    // The name as searches compare it (accents and case folded, decision 0017), kept by PostgreSQL: a search of
    // two letters, which no trigram index serves, reads it instead of folding 10,000 names (decision 0043).
    searchName: text('search_name').generatedAlwaysAs(sql`lower(f_unaccent(name))`),
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
    index('products_search_name_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
    // Both or neither, a quantity above zero, one of the law's units.
    check('products_unit_check', sql`(${t.unitQuantityMilli} IS NULL) = (${t.unit} IS NULL) AND (${t.unitQuantityMilli} IS NULL OR ${t.unitQuantityMilli} > 0) AND (${t.unit} IS NULL OR ${t.unit} IN (${sql.raw(UNITS.map((u) => `'${u}'`).join(', '))}))`),
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
    // The variant's own weight when it differs from the product's; null: the product's.
    weightGrams: integer('weight_grams'),
    // The variant's own VAT category when it differs from the product's; null: the product's (decision 0053).
    vatCategory: text('vat_category', { enum: VAT_CATEGORIES }),
    vatExemptionReason: text('vat_exemption_reason', { enum: VAT_EXEMPTION_CODES }),
    // The variant's own quantity of the product's unit when it differs (a 1 kg and a 500 g bag); null: the product's.
    unitQuantityMilli: integer('unit_quantity_milli'),
    // The variant's own sale, as the product's (decision 0048).
    salePriceCents: integer('sale_price_cents'),
    saleStartsAt: timestamp('sale_starts_at', { withTimezone: true }),
    saleEndsAt: timestamp('sale_ends_at', { withTimezone: true }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('product_variants_product_idx').on(t.productId, t.position),
    uniqueIndex('product_variants_sku_key').on(t.sku),
    check('product_variants_unit_quantity_check', sql`${t.unitQuantityMilli} IS NULL OR ${t.unitQuantityMilli} > 0`),
  ],
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
  // The next instant a scheduled sale starts or ends: the first process to read the version after it bumps it once
  // (and sets the list's prices), so no cached page shows a price that stopped applying (decision 0048).
  priceChangeAt: timestamp('price_change_at', { withTimezone: true }),
});

/**
 * Every price a product (variant_id null) or a variant was charged at, from when it took effect: the history the
 * lowest price of the 30 days before a sale is read from (DL 70/2007, art. 5.º; decision 0048). A scheduled sale's
 * start and end are rows in the future, replaced whenever the product is saved again.
 */
export const productPrices = pgTable(
  'product_prices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
    // Whether this price is a sale's (a reduction announced as such) or the regular price.
    isSale: boolean('is_sale').notNull().default(false),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('product_prices_item_idx').on(t.productId, t.variantId, t.effectiveAt)],
);

/**
 * A group of products the owner names and links to (a range, gifts, a season; issue #30). Its own page is
 * /colecoes/{slug}; `sort` is how its page lists the products ('manual': the owner's order, `position`).
 */
export const collections = pgTable(
  'collections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    // Sanitised HTML (platform/html.ts), as the home page's blocks.
    description: text('description').notNull().default(''),
    imageId: integer('image_id').references(() => images.id, { onDelete: 'set null' }),
    sort: text('sort').notNull().default('manual'),
    published: boolean('published').notNull().default(false),
    // The one collection the home page shows in place of its featured products (at most one row true).
    onHome: boolean('on_home').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('collections_slug_key').on(t.slug), uniqueIndex('collections_on_home_key').on(t.onHome).where(sql`on_home`)],
);

export const collectionProducts = pgTable(
  'collection_products',
  {
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.productId] }), index('collection_products_product_idx').on(t.productId)],
);

/**
 * "Avise-me quando voltar": one row per address, product and variant (null: any variant of the product).
 * `pending` until the address is proven (double opt-in, as the newsletter); `waiting` for the next return to
 * stock; `told` once that return's mail is queued (back to `waiting` when the item sells out again);
 * `stopped` by the link in every mail. `round` counts the returns told: with the id it names the mail job.
 */
export const restockAlerts = pgTable(
  'restock_alerts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    status: text('status', { enum: ['pending', 'waiting', 'told', 'stopped'] }).notNull().default('pending'),
    // sha256 of the confirmation link's token.
    confirmTokenHash: text('confirm_token_hash'),
    confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true }),
    // Kept as is (not hashed): every mail carries it, and at worst it stops an alert.
    stopToken: text('stop_token').notNull(),
    round: integer('round').notNull().default(0),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    toldAt: timestamp('told_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('restock_alerts_key').on(t.productId, sql`coalesce(${t.variantId}, 0)`, sql`lower(${t.email})`),
    index('restock_alerts_product_idx').on(t.productId, t.status),
    uniqueIndex('restock_alerts_confirm_key').on(t.confirmTokenHash),
    uniqueIndex('restock_alerts_stop_key').on(t.stopToken),
  ],
);

import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { SHIPPING_KINDS } from '#shared/shipping.ts';

/**
 * The owner's shipping methods, per zone (decision 0046): a flat price, bands of order value (cents) or of
 * weight (grams), or pickup at the atelier; free at or above an amount when she says so. Orders keep the
 * method's name, zone and charge, so a method changed or deleted later does not change a sale.
 */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // A zone of Portugal's ('continente', 'madeira', 'acores') or the code of one of the owner's shipping_zones.
    zone: text('zone').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: SHIPPING_KINDS }).notNull(),
    priceCents: integer('price_cents').notNull().default(0),
    // [{ upTo, priceCents }], upTo in cents (value bands) or grams (weight bands), null for "and above".
    bands: jsonb('bands').$type<{ upTo: number | null; priceCents: number }[]>().notNull().default([]),
    freeAboveCents: integer('free_above_cents'),
    daysMin: integer('days_min').notNull(),
    daysMax: integer('days_max').notNull(),
    active: boolean('active').notNull().default(true),
    pickupAddress: text('pickup_address'),
    pickupHours: text('pickup_hours'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shipping_methods_zone_idx').on(t.zone, t.id)],
);

/**
 * The owner's own zones beyond Portugal's (decision 0055): a code the methods name, a name, and the EU countries
 * it serves (ISO 3166-1 alpha-2), each country in one zone at most. Portugal's zones come from the postcode.
 */
export const shippingZones = pgTable(
  'shipping_zones',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    countries: text('countries').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shipping_zones_code_idx').on(t.code)],
);

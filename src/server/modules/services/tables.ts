import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { images } from '../media/tables.ts';

/** A bookable service: booked on the specialist's external calendar (schedule_link). */
export const services = pgTable(
  'services',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    shortDescription: text('short_description').notNull().default(''),
    scheduleLink: text('schedule_link').notNull(),
    // Optional "from" price, only for the structured data's offer; the spec's form has no price.
    priceCents: integer('price_cents'),
    imageId: integer('image_id').references(() => images.id, { onDelete: 'set null' }),
    displayOrder: integer('display_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('services_order_idx').on(t.displayOrder, t.name)],
);

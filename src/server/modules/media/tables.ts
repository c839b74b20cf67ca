import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea } from '../../db/types.ts';

/**
 * Every stored image: the media library's (named), and those of products and services. The bytes live
 * in the database so several app processes on several machines serve the same files.
 */
export const images = pgTable(
  'images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['media', 'product', 'service'] }).notNull(),
    name: text('name'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size: integer('size').notNull(),
    // Short content hash: part of every URL, so a changed image gets new URLs and caches never go stale.
    version: text('version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('images_media_name_key').on(sql`lower(${t.name})`).where(sql`kind = 'media'`)],
);

export const imageFiles = pgTable(
  'image_files',
  {
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    // '320', '480', '640', '1024', '1600' (widths, never upscaled) or 'thumb'.
    rendition: text('rendition').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.rendition] })],
);

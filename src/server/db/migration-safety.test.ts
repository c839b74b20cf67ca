import { describe, expect, it } from 'vitest';
import { declaredColumns, unsafeMigrations } from './migration-safety.ts';

// The previous release's schema, as its tables.ts declared it.
const previous = declaredColumns([
  `export const orders = pgTable(
    'orders',
    { id: integer('id').primaryKey(), shippingAddress: text('shipping_address').notNull(), oldNote: text('old_note') },
  );
  export const coupons = pgTable('coupons', { code: text('code').primaryKey() });`,
]);

describe('migrations that would break the previous release during an upgrade (decision 0039)', () => {
  it('reads the columns of each table', () => {
    expect([...(previous.get('orders') ?? [])].sort()).toEqual(['id', 'old_note', 'shipping_address']);
  });

  it('flags dropping or renaming a column, or a table, that the previous release reads', () => {
    const problems = unsafeMigrations(
      [
        { name: '0030_drop.sql', sql: 'ALTER TABLE "orders" DROP COLUMN "shipping_address";' },
        { name: '0031_rename.sql', sql: 'ALTER TABLE orders RENAME COLUMN old_note TO note;' },
        { name: '0032_table.sql', sql: 'DROP TABLE IF EXISTS "coupons";' },
        { name: '0033_table_rename.sql', sql: 'ALTER TABLE "coupons" RENAME TO "discount_codes";' },
      ],
      previous,
    );
    expect(problems).toEqual([
      '0030_drop.sql: drops orders.shipping_address, which the previous release still reads',
      '0031_rename.sql: renames orders.old_note, which the previous release still reads',
      '0032_table.sql: drops the table coupons, which the previous release still reads',
      '0033_table_rename.sql: renames the table coupons, which the previous release still reads',
    ]);
  });

  it('lets additive migrations through, and drops of what the previous release no longer reads', () => {
    const problems = unsafeMigrations(
      [
        { name: '0030_add.sql', sql: 'ALTER TABLE "orders" ADD COLUMN "delivery_note" text;--> statement-breakpoint\nCREATE INDEX "x" ON "orders" ("id");' },
        // Released once without reading it, then dropped: the second step of a two-release change.
        { name: '0031_drop_unread.sql', sql: 'ALTER TABLE "orders" DROP COLUMN IF EXISTS "legacy_total";' },
        { name: '0032_comment.sql', sql: '-- ALTER TABLE "orders" DROP COLUMN "shipping_address";\nSELECT 1;' },
      ],
      previous,
    );
    expect(problems).toEqual([]);
  });
});

import { sql } from 'drizzle-orm';
import { messages } from '#shared/messages.ts';
import type { ProductFields } from '#shared/schemas/catalog.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, pgErrorCode } from '../../platform/errors.ts';
import { recordChanges } from '../audit/audit.ts';
import { bumpCatalogVersion } from './catalog-freshness.ts';
import type { PlannedProduct } from './import-checks.ts';
import { rowValues, updateProduct } from './products.ts';
import { pricesSaved } from './sale-prices.ts';
import { products, productVariants } from './tables.ts';

/**
 * Products written per transaction. PGlite runs one statement at a time for the whole process, so a
 * transaction holds every other request until it commits: 50 new products (their name indexes are trigram
 * GINs) commit in a few hundredths of a second, a few tenths on a busy machine; on a server a batch locks only its rows.
 */
const BATCH = 50;
/** A batch is short; the pool's few seconds would still be tight for one on a busy server. */
const BATCH_STATEMENT_TIMEOUT = '60s';

const batches = <T>(items: T[]) => Array.from({ length: Math.ceil(items.length / BATCH) }, (_, i) => items.slice(i * BATCH, (i + 1) * BATCH));

/** What the audit log keeps of a product created from a file: the shape `audited` gives the admin's form. */
const auditedFields = (fields: ProductFields) => ({
  name: fields.name,
  priceCents: fields.hasVariants ? null : fields.priceCents,
  stock: fields.hasVariants ? fields.variants.reduce((sum, v) => sum + v.stock, 0) : fields.stock,
  isDigital: fields.isDigital,
  link: fields.isDigital ? fields.link : null,
  order: fields.order,
  images: 0,
  variants: fields.variants.map((v) => ({ name: v.name, priceCents: v.price, stock: v.stock, sku: v.sku ?? null })),
});

/** New products with their variants and audit entries: three statements for a batch. */
async function createAll(tx: Tx, created: PlannedProduct[]) {
  if (!created.length) return;
  const rows = await tx.insert(products).values(created.map((p) => rowValues(p.fields))).returning({ id: products.id });
  const withIds = created.map((p, i) => ({ ...p, id: rows[i]?.id as number }));
  const variants = withIds.flatMap((p) => p.fields.variants.map((v, position) => ({ productId: p.id, name: v.name, priceCents: v.price, stock: v.stock, sku: v.sku, position })));
  if (variants.length) await tx.insert(productVariants).values(variants);
  await pricesSaved(
    tx,
    withIds.map((p) => p.id),
    new Date(),
  );
  await recordChanges(tx, withIds.map((p) => ({ entity: 'product' as const, entityId: p.id, action: 'create' as const, after: auditedFields(p.fields) })));
}

/** The first line not written, and why: only a race (a SKU taken since the check) or the database failing. */
type ImportWritten = { counts: { creates: number; updates: number }; stoppedAt?: { line: number; reason: string } };

/**
 * Writes a checked file a batch at a time, each batch one transaction that bumps the catalogue's version
 * (the row every sell-out writes) once, last: a checkout waits at most for one batch, never for the file.
 * Between batches the database is left to the shop's other requests for as long as the batch took.
 * The file was checked whole beforehand, so it is written whole unless something changed in between; then
 * the batches before stay written and the answer names the line it stopped at (the resume rule: send the
 * lines from there on). Existing products are updated through the admin's own rules.
 */
export async function writeImport(db: Db, planned: PlannedProduct[]): Promise<ImportWritten> {
  const counts = { creates: 0, updates: 0 };
  for (const batch of batches(planned)) {
    const started = performance.now();
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`SET LOCAL statement_timeout = '${BATCH_STATEMENT_TIMEOUT}'`));
        await createAll(tx, batch.filter((p) => p.id === null));
        for (const product of batch) {
          if (product.id !== null) await updateProduct(tx, product.id, product.fields, [], { bumpVersion: false });
        }
        await bumpCatalogVersion(tx);
      });
    } catch (err) {
      // Nothing written yet: the usual answer for the error (409, 503), the file untouched.
      if (counts.creates + counts.updates === 0) throw err;
      const reason = err instanceof AppError ? err.message : pgErrorCode(err) === '23505' ? messages.conflict : messages.unavailable;
      return { counts, stoppedAt: { line: batch[0]?.line ?? 0, reason } };
    }
    for (const product of batch) counts[product.id === null ? 'creates' : 'updates']++;
    // As long again for everyone else: on PGlite each statement of a checkout takes its turn between two
    // batches, and a checkout is a few dozen of them. The import takes twice as long; a sale never waits long.
    await new Promise((resolve) => setTimeout(resolve, performance.now() - started));
  }
  return { counts };
}

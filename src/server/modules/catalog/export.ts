import { asc, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { groupBy } from '../../db/group-by.ts';
import { csvCents, csvCount, type CsvCell } from '../../platform/csv.ts';
import { products, productVariants } from './tables.ts';

/** The products and variants, one line per variant (one per product without), for the accountant or a move (issue #17). */
export const PRODUCT_EXPORT_COLUMNS = ['ID', 'Nome', 'Descrição', 'Tipo', 'Variante', 'SKU', 'Preço com IVA', 'Stock', 'Ordem', 'Link de acesso', 'Estado'] as const;

/** Products read per round trip: the export holds one batch in memory at a time. */
const BATCH = 500;

/** Every product, archived ones included (marked so), by id, read in batches. */
export async function* productExportRows(db: Db): AsyncGenerator<CsvCell[]> {
  let after = 0;
  for (;;) {
    const batch = await db.select().from(products).where(gt(products.id, after)).orderBy(asc(products.id)).limit(BATCH);
    if (!batch.length) return;
    const variants = await db
      .select()
      .from(productVariants)
      .where(
        inArray(
          productVariants.productId,
          batch.map((product) => product.id),
        ),
      )
      .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
    const variantsOf = groupBy(variants, (variant) => variant.productId);
    for (const product of batch) {
      const head: CsvCell[] = [csvCount(product.id), product.name, product.description, product.isDigital ? 'Digital' : 'Físico'];
      const tail: CsvCell[] = [csvCount(product.displayOrder), product.link ?? '', product.archivedAt ? 'Arquivado' : 'À venda'];
      const own = variantsOf.get(product.id) ?? [];
      if (!own.length) yield [...head, '', '', csvCents(product.priceCents ?? 0), product.stock === null ? '' : csvCount(product.stock), ...tail];
      for (const variant of own) yield [...head, variant.name, variant.sku ?? '', csvCents(variant.priceCents), csvCount(variant.stock), ...tail];
    }
    after = (batch[batch.length - 1] as (typeof batch)[number]).id;
  }
}

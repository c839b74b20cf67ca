import { eq, sql } from 'drizzle-orm';
import { contentMessages, type ContentBlock } from '#shared/schemas/content.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { sanitizeRichText } from '../../platform/html.ts';
import { recordChange } from '../audit/audit.ts';
import { contentBlocks } from './tables.ts';

/** A block as visitors see it; sanitised again on the way out, so a row written around the API is still safe. */
export async function readBlock(db: Db, section: string): Promise<ContentBlock> {
  const [row] = await db.select({ value: contentBlocks.value }).from(contentBlocks).where(eq(contentBlocks.section, section));
  if (!row) throw notFound(contentMessages.notFound);
  return { value: sanitizeRichText(row.value) };
}

/** Creates the block on its first save, replaces it afterwards; remembers which admin wrote it. */
export async function saveBlock(db: Db, section: string, html: string, adminId: number): Promise<ContentBlock> {
  const value = sanitizeRichText(html);
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ value: contentBlocks.value }).from(contentBlocks).where(eq(contentBlocks.section, section)).for('update');
    await tx
      .insert(contentBlocks)
      .values({ section, value, updatedBy: adminId })
      .onConflictDoUpdate({ target: contentBlocks.section, set: { value, updatedBy: adminId, updatedAt: sql`now()` } });
    await recordChange(tx, { entity: 'content', entityId: section, action: before ? 'update' : 'create', before: before ? { html: before.value } : null, after: { html: value } });
  });
  return { value };
}

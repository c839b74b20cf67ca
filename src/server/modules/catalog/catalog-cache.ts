import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { catalogState } from './tables.ts';

/** Marks the shop's product pages changed, inside the transaction that changes them. */
export async function bumpCatalogVersion(tx: Tx) {
  await tx
    .update(catalogState)
    .set({ version: sql`${catalogState.version} + 1` })
    .where(eq(catalogState.id, 1));
}

export async function catalogVersion(tx: Tx): Promise<number> {
  const [row] = await tx.select({ version: catalogState.version }).from(catalogState).where(eq(catalogState.id, 1));
  return row?.version ?? 0;
}

/**
 * Public catalogue answers, already serialised, kept per process for the catalogue version they were
 * built from. One indexed read of the version per request replaces the list's queries and serialisation;
 * a write anywhere bumps the version and every process rebuilds on its next request.
 */
export class CatalogCache {
  private readonly entries = new Map<string, { version: number; body: string }>();
  private readonly capacity: number;

  constructor(capacity = 500) {
    this.capacity = capacity;
  }

  async get(version: number, key: string, build: () => Promise<unknown>): Promise<string> {
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      // Re-insert: the Map's order is then least recently used first.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.body;
    }
    const body = JSON.stringify(await build());
    this.entries.delete(key);
    this.entries.set(key, { version, body });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    return body;
  }
}

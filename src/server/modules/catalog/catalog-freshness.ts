import { sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../db/client.ts';
import { catalogVersion } from './catalog-cache.ts';
import { catalogState } from './tables.ts';

/** The one channel the catalogue's changes are announced on: "v:<version>" or "s:<product ids>". */
const CHANNEL = 'catalog';

/** Marks the shop's product pages changed, inside the transaction that changes them; every process hears it at commit. */
export async function bumpCatalogVersion(tx: Tx) {
  await tx.execute(sql`
    WITH bumped AS (UPDATE ${catalogState} SET version = version + 1 WHERE id = 1 RETURNING version)
    SELECT pg_notify(${CHANNEL}, 'v:' || version) FROM bumped`);
}

/** Announces, at commit, that these products' stock moved (a sale, a cancellation): their cached pages are stale. */
export async function announceStock(tx: Tx, productIds: number[]) {
  const ids = [...new Set(productIds)].filter((id) => Number.isInteger(id));
  if (ids.length) await tx.execute(sql`SELECT pg_notify(${CHANNEL}, ${`s:${ids.join(',')}`})`);
}

/** How long a version heard or read is trusted before it is read again: the fallback for a notification missed. */
const RECHECK_MS = 5_000;

/**
 * What this process knows of the catalogue's changes, wherever they were made: the version (a write to
 * products or a sell-out bumps it) and the products whose stock moved, both heard through PostgreSQL's
 * LISTEN/NOTIFY. While the listening connection is up a cached answer needs no database round trip; the
 * version is still read again every few seconds in case a notification was missed, and whenever the
 * connection was lost (and then at every request until it is back).
 */
export class CatalogFreshness {
  private version: number | undefined;
  private checkedAt = 0;
  private listening = false;
  private stop: (() => Promise<void>) | undefined;
  private readonly db: Db;
  private readonly onStock: (productIds: number[] | 'all') => void;

  /** `onStock` drops the cached pages of products whose stock moved ('all' after notifications may have been missed). */
  constructor(db: Db, onStock: (productIds: number[] | 'all') => void) {
    this.db = db;
    this.onStock = onStock;
  }

  async start(database: Pick<Database, 'listen'>) {
    this.stop = await database.listen(
      CHANNEL,
      (payload) => this.heard(payload),
      (connected) => {
        this.listening = connected;
        this.version = undefined;
        this.onStock('all');
      },
    );
  }

  async close() {
    await this.stop?.();
    this.listening = false;
  }

  /** Cached pages may be trusted as they are (stock included) only while changes are being heard. */
  get live() {
    return this.listening;
  }

  /** The catalogue version: from memory while listening and recently confirmed, otherwise read (one indexed row). */
  async current(): Promise<number> {
    if (this.listening && this.version !== undefined && Date.now() - this.checkedAt < RECHECK_MS) return this.version;
    const version = await catalogVersion(this.db);
    this.version = Math.max(version, this.version ?? 0);
    this.checkedAt = Date.now();
    return this.version;
  }

  private heard(payload: string) {
    if (payload.startsWith('v:')) {
      const version = Number(payload.slice(2));
      if (Number.isInteger(version) && version > (this.version ?? -1)) {
        this.version = version;
        this.checkedAt = Date.now();
      }
    } else if (payload.startsWith('s:')) {
      this.onStock(payload.slice(2).split(',').map(Number).filter(Number.isInteger));
    }
  }
}

import { eq, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../db/client.ts';
import { passPriceChange, schedulePriceChange } from './sale-prices.ts';
import { catalogState } from './tables.ts';

/** The one channel the catalogue's changes are announced on: "v:<version>" or "s:<product ids>". */
const CHANNEL = 'catalog';

/** How long a version heard or read is trusted before it is read again: the fallback for a notification missed. */
const RECHECK_MS = 5_000;

/**
 * The processes' listeners (one per app), told of the changes made here as they are made. A notification
 * arrives only after its transaction commits, a moment after the request that made the change may already
 * have answered; until it is heard, the listener reads those products and the version from the database,
 * so a customer's next request sees her own sale. A change rolled back is never announced and is
 * forgotten after RECHECK_MS.
 */
const listeners = new Set<CatalogFreshness>();

async function readState(db: Db): Promise<{ version: number; priceChangeAt: Date | null }> {
  const [row] = await db.select({ version: catalogState.version, priceChangeAt: catalogState.priceChangeAt }).from(catalogState).where(eq(catalogState.id, 1));
  return row ?? { version: 0, priceChangeAt: null };
}

/** Marks the shop's product pages changed, inside the transaction that changes them; every process hears it at commit. */
export async function bumpCatalogVersion(tx: Tx) {
  const [bumped] = await tx
    .update(catalogState)
    .set({ version: sql`${catalogState.version} + 1` })
    .where(eq(catalogState.id, 1))
    .returning({ version: catalogState.version });
  if (!bumped) return;
  for (const listener of listeners) listener.expectVersion(bumped.version);
  await tx.execute(sql`SELECT pg_notify(${CHANNEL}, ${`v:${bumped.version}`})`);
}

/** Announces, at commit, that these products' stock moved (a sale, a cancellation): their cached pages are stale. */
export async function announceStock(tx: Tx, productIds: number[]) {
  const ids = [...new Set(productIds)].filter((id) => Number.isInteger(id));
  if (!ids.length) return;
  for (const listener of listeners) listener.expectStock(ids);
  await tx.execute(sql`SELECT pg_notify(${CHANNEL}, ${`s:${ids.join(',')}`})`);
}

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
  // When a scheduled sale next starts or ends (ms), as last read: from then on the version is read again, and passed.
  private priceChangeAt: number | null = null;
  private listening = false;
  private stop: (() => Promise<void>) | undefined;
  private readonly db: Db;
  private readonly onStock: (productIds: number[] | 'all') => void;
  // This process's own changes not heard yet: the version it bumped to, and products by when they are given up on.
  private readonly expected = { version: 0, until: 0, products: new Map<number, number>() };

  /** `onStock` drops the cached pages of products whose stock moved ('all' after notifications may have been missed). */
  constructor(db: Db, onStock: (productIds: number[] | 'all') => void) {
    this.db = db;
    this.onStock = onStock;
  }

  async start(database: Pick<Database, 'listen'>) {
    listeners.add(this);
    // A shop with no moment kept yet (a fresh database) gets its first one now, so no read has to write it.
    if ((await readState(this.db)).priceChangeAt === null) await this.db.transaction((tx) => schedulePriceChange(tx, new Date()));
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
    listeners.delete(this);
    await this.stop?.();
    this.listening = false;
  }

  /** Whether the product's cached page may be trusted as it is (stock included): changes are being heard and none of its own is on the way. */
  live(productId: number) {
    if (!this.listening) return false;
    const until = this.expected.products.get(productId);
    if (until === undefined) return true;
    if (until > Date.now()) return false;
    this.expected.products.delete(productId);
    return true;
  }

  expectVersion(version: number) {
    this.expected.version = Math.max(this.expected.version, version);
    this.expected.until = Date.now() + RECHECK_MS;
  }

  expectStock(productIds: number[]) {
    for (const id of productIds) this.expected.products.set(id, Date.now() + RECHECK_MS);
  }

  /** The catalogue version as known without a read: while listening, recently confirmed, and no change of our own on the way. */
  known(): number | undefined {
    if (!this.listening || this.version === undefined) return undefined;
    const now = Date.now();
    if (this.priceChangeAt !== null && now >= this.priceChangeAt) return undefined;
    const ownBumpOnTheWay = this.expected.until > now && this.expected.version > this.version;
    return now - this.checkedAt < RECHECK_MS && !ownBumpOnTheWay ? this.version : undefined;
  }

  /**
   * The catalogue version: from memory while known (`known`), otherwise read (one indexed row). Read after the
   * moment a scheduled sale starts or ends, the first process to read it passes that moment: the version is bumped
   * once, and every cached page built before gives way (decision 0048).
   */
  async current(): Promise<number> {
    const known = this.known();
    if (known !== undefined) return known;
    const now = new Date();
    let state = await readState(this.db);
    if (state.priceChangeAt !== null && state.priceChangeAt.getTime() <= now.getTime()) {
      await this.db.transaction(async (tx) => {
        if (await passPriceChange(tx, now)) await bumpCatalogVersion(tx);
      });
      state = await readState(this.db);
    }
    this.version = Math.max(state.version, this.version ?? 0);
    this.priceChangeAt = state.priceChangeAt?.getTime() ?? null;
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
      const ids = payload.slice(2).split(',').map(Number).filter(Number.isInteger);
      this.onStock(ids);
      for (const id of ids) this.expected.products.delete(id);
    }
  }
}

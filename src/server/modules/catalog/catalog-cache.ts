import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { asc, eq, sql } from 'drizzle-orm';
import type { Product } from '#shared/schemas/catalog.ts';
import type { Tx } from '../../db/client.ts';
import { catalogState, products, productVariants } from './tables.ts';

/** The encodings a cached answer is kept in, the browser's first choice first. */
export const CACHED_ENCODINGS = ['br', 'gzip'] as const;
export type CachedEncoding = (typeof CACHED_ENCODINGS)[number];

const encoders: Record<CachedEncoding, (body: Buffer) => Buffer> = {
  // Once per catalogue version, so the slowest, smallest settings pay off.
  br: (body) =>
    brotliCompressSync(body, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body) => gzipSync(body, { level: 9 }),
};

/** A serialised answer (as the UTF-8 bytes sent, so no request converts it again), its entity tag and the encodings made of it so far. */
export type Serialised = { body: Buffer; etag: string; encoded: Partial<Record<CachedEncoding, Buffer>> };

/** The products whose stock an answer shows: a product page's own, or each row of a list or a collection page. */
function productsShown(value: unknown): number[] {
  if (typeof value !== 'object' || value === null) return [];
  const { rows, id, variants } = value as { rows?: unknown; id?: unknown; variants?: unknown };
  if (Array.isArray(rows)) return rows.flatMap((row: { id?: unknown }) => (typeof row?.id === 'number' ? [row.id] : []));
  return typeof id === 'number' && Array.isArray(variants) ? [id] : [];
}

/** A strong entity tag for a body: a browser that already has it gets a 304. */
export const entityTag = (body: string) => `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

/**
 * Public catalogue answers, already serialised, kept per process for the catalogue version they were
 * built from, with each encoding made the first time a browser asks for it. A write anywhere bumps the
 * version and every process rebuilds on its next request; a product whose stock moved is dropped
 * (`invalidate`) as soon as the process hears of it (catalog-freshness.ts).
 */
type Entry = { version: number; value: unknown; shows: readonly number[] };

export class CatalogCache {
  private readonly entries = new Map<string, Entry>();
  private readonly capacity: number;
  // Bumped by every invalidation: an answer built while one happened may hold what was just dropped, so it is not kept.
  private generation = 0;

  constructor(capacity = 500) {
    this.capacity = capacity;
  }

  /**
   * The answer itself (not serialised) for `key`, for a caller that changes it before sending. `shows` names the
   * products whose stock the answer shows: it is dropped when theirs moves (`dropShowing`).
   */
  async getValue<T>(version: number, key: string, build: () => Promise<T>, shows: (value: T) => readonly number[] = () => []): Promise<T> {
    const hit = this.entries.get(key);
    // Re-inserted on every use: the Map's order is then least recently used first.
    this.entries.delete(key);
    if (hit && hit.version === version) {
      this.entries.set(key, hit);
      return hit.value as T;
    }
    const generation = this.generation;
    const value = await build();
    if (generation !== this.generation) return value;
    this.entries.set(key, { version, value, shows: shows(value) });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }

  /** The serialised answer for `key` and its tag, with the `encoding` asked for made once per version. */
  async get(version: number, key: string, build: () => Promise<unknown>, encoding?: CachedEncoding): Promise<{ body: Buffer; etag: string }> {
    let shown: readonly number[] = [];
    const entry = await this.getValue(
      version,
      key,
      async (): Promise<Serialised> => {
        const value = await build();
        shown = productsShown(value);
        const json = JSON.stringify(value);
        return { body: Buffer.from(json), etag: entityTag(json), encoded: {} };
      },
      () => shown,
    );
    if (!encoding) return { body: entry.body, etag: entry.etag };
    entry.encoded[encoding] ??= encoders[encoding](entry.body);
    return { body: entry.encoded[encoding], etag: entry.etag };
  }

  /**
   * The answer kept for `key` at `version` in `encoding` (the plain bytes when none), without waiting: undefined
   * when it would first have to be built or compressed.
   */
  peek(version: number, key: string, encoding?: CachedEncoding): { body: Buffer; etag: string; shows: readonly number[] } | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.version !== version) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    const entry = hit.value as Serialised;
    const body = encoding ? entry.encoded[encoding] : entry.body;
    return body && { body, etag: entry.etag, shows: hit.shows };
  }

  /** The products whose stock the answer kept for `key` shows (none when nothing is kept). */
  shows(key: string): readonly number[] {
    return this.entries.get(key)?.shows ?? [];
  }

  /** Drops the entries whose key `matches` (every entry when none is given). */
  invalidate(matches?: (key: string) => boolean) {
    this.generation++;
    for (const key of [...this.entries.keys()]) if (!matches || matches(key)) this.entries.delete(key);
  }

  /**
   * Drops every answer showing the stock of one of these products (their page, and each list or collection page
   * they appear on): a sale changes what those answers read, so their entity tags must change too (issue #30).
   */
  dropShowing(productIds: readonly number[]) {
    this.generation++;
    const moved = new Set(productIds);
    for (const [key, entry] of [...this.entries]) if (entry.shows.some((id) => moved.has(id))) this.entries.delete(key);
  }
}

/**
 * The catalogue version and one product's stock as it is now, in one round trip: a product page answered
 * from the cache still shows the stock left after the last sale in any process (sales do not bump the
 * version; that row would become a lock every checkout waits on).
 */
export async function versionAndStock(tx: Tx, productId: number) {
  const [row] = await tx
    .select({
      version: sql<number>`(select ${catalogState.version} from ${catalogState} where ${catalogState.id} = 1)`,
      stock: products.stock,
      variants: sql<[number, number][] | null>`(select json_agg(json_build_array(${productVariants.id}, ${productVariants.stock}) order by ${asc(productVariants.id)}) from ${productVariants} where ${productVariants.productId} = ${products.id})`,
    })
    .from(products)
    .where(eq(products.id, productId));
  return row;
}

/** A cached product with the stock read just now (the product's own, or each variant's and their sum). */
export function withLiveStock(product: Product, live: { stock: number | null; variants: [number, number][] | null }): Product {
  if (!product.hasVariants) return { ...product, stock: live.stock ?? 0 };
  const stockOf = new Map(live.variants ?? []);
  const variants = product.variants.map((v) => ({ ...v, stock: stockOf.get(v.id) ?? v.stock }));
  return { ...product, variants, stock: variants.reduce((sum, v) => sum + v.stock, 0) };
}

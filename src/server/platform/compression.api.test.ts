import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { useShellApp } from '../../../tests/helpers/web-shell.ts';
import { bumpCatalogVersion } from '../modules/catalog/catalog-freshness.ts';
import { products } from '../modules/catalog/tables.ts';

/* Every text answer compressed as the browser accepts (issue #14): built assets from their .br/.gz files,
   pages and API answers by the compression hook, the cached catalogue list once per catalogue version. */

const shell = useShellApp();

const get = (url: string, encoding?: string) =>
  shell.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

const decode = (encoding: string | undefined, raw: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(raw).toString() : encoding === 'gzip' ? gunzipSync(raw).toString() : raw.toString();

const varyOf = (res: { headers: Record<string, unknown> }) => String(res.headers.vary ?? '').toLowerCase();

describe('compression', () => {
  it('sends a built asset as the .br or .gz file written beside it, with Vary, and the file itself to a client that takes neither', async () => {
    const script = `export const greeting = ${JSON.stringify('Olá '.repeat(600))};\n`;
    mkdirSync(join(shell.webDist, 'assets'), { recursive: true });
    const file = join(shell.webDist, 'assets', 'app-abc123.js');
    writeFileSync(file, script);
    writeFileSync(`${file}.br`, brotliCompressSync(script));
    writeFileSync(`${file}.gz`, gzipSync(script));

    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await get('/assets/app-abc123.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(expected);
      expect(varyOf(res)).toContain('accept-encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(expected, res.rawPayload)).toBe(script);
    }
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses pages, API answers and the sitemap, and leaves them plain for a client that asks so', async () => {
    const db = shell.database.db;
    await db.insert(products).values(
      Array.from({ length: 12 }, (_, i) => ({
        name: `Caixa de arrumação ${i + 1}`,
        description: 'Uma caixa resistente, com tampa, para arrumar roupa, brinquedos ou papéis na despensa ou no roupeiro. '.repeat(12),
        priceCents: 1000 + i,
        stock: 5,
        minPriceCents: 1000 + i,
      })),
    );
    await bumpCatalogVersion(db);
    // A server-rendered page hands the time its data was read to the browser: one instant for every answer here.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T10:00:00Z') });
    onTestFinished(() => void vi.useRealTimers());
    for (const url of ['/api/product/1', '/sitemap.xml', '/produtos/1']) {
      const plain = await get(url);
      expect(plain.statusCode, url).toBe(200);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      // Above the 1 KB under which compressing costs more than it saves.
      expect(plain.rawPayload.length, url).toBeGreaterThan(1024);
      for (const encoding of ['br', 'gzip']) {
        const res = await get(url, encoding);
        expect(res.headers['content-encoding'], `${url} ${encoding}`).toBe(encoding);
        expect(varyOf(res), url).toContain('accept-encoding');
        expect(decode(encoding, res.rawPayload), url).toBe(plain.body);
      }
    }
  });

  it('keeps the cached product list compressed once per catalogue version, as the plain answer is', async () => {
    const url = '/api/product?page=1&pageSize=12';
    const plain = await get(url);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const first = await get(url, 'br;q=1, gzip;q=0.5');
    expect(first.headers['content-encoding']).toBe('br');
    expect(varyOf(first)).toContain('accept-encoding');
    expect(decode('br', first.rawPayload)).toBe(plain.body);
    // Made at the highest quality once: far smaller than the JSON, and the same bytes again until a change.
    expect(first.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect((await get(url, 'br')).rawPayload.equals(first.rawPayload)).toBe(true);
    const gzip = await get(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decode('gzip', gzip.rawPayload)).toBe(plain.body);

    await shell.database.db.update(products).set({ name: 'Caixa renomeada' }).where(eq(products.id, 1));
    await bumpCatalogVersion(shell.database.db);
    // The process hears of the new version by PostgreSQL's NOTIFY (PGlite's listen), a moment after the commit.
    await vi.waitFor(async () => expect(decode('br', (await get(url, 'br')).rawPayload)).toContain('Caixa renomeada'), { timeout: 2000, interval: 20 });
  });
});

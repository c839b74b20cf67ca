import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_HINT } from '#shared/session-hint.ts';
import { PUBLIC_URL, signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { insertProduct } from '../../../../tests/helpers/shop.ts';
import { CatalogAnswers } from './catalog-answers.ts';
import { CatalogCache } from './catalog-cache.ts';

const ctx = useTestApp();

type Answer = Awaited<ReturnType<typeof ctx.app.inject>>;

/** Status, headers (but the date) and bytes: what a browser gets. */
const seen = (res: Answer) => {
  const { date: _date, ...headers } = res.headers;
  return { status: res.statusCode, headers, body: res.rawPayload.toString('base64') };
};

/** Whether the request was answered by the shortcut (an answer taken from the cache without waiting). */
async function shortcutTaken(run: () => Promise<Answer>) {
  const peek = vi.spyOn(CatalogCache.prototype, 'peek');
  const get = vi.spyOn(CatalogCache.prototype, 'get');
  try {
    const res = await run();
    return { res, taken: peek.mock.results.some((r) => r.value !== undefined) && get.mock.calls.length === 0 };
  } finally {
    peek.mockRestore();
    get.mockRestore();
  }
}

afterEach(() => {
  ctx.app.draining = false;
});

describe('a repeat of a cached catalogue call, answered before the rest of the request', () => {
  it('gets what the full path gives: the same bytes, tag, encoding, security and cache headers, and the same 304', async () => {
    const box = await insertProduct(ctx, { name: 'Caixa de chá', priceCents: 1290, stock: 4, description: 'Caixa de madeira para chá. '.repeat(60) });
    for (const url of ['/api/product?q=ch%C3%A1', `/api/product/${box.id}`]) {
      for (const encoding of [undefined, 'br', 'gzip, deflate, br, zstd', 'gzip']) {
        const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
        const first = await ctx.app.inject({ method: 'GET', url, headers });
        // An Origin sends a request down the full path (CORS), and changes nothing else for a GET here.
        const full = await ctx.app.inject({ method: 'GET', url, headers: { ...headers, origin: PUBLIC_URL } });
        const repeat = await shortcutTaken(() => ctx.app.inject({ method: 'GET', url, headers }));
        expect(repeat.taken, `${url} ${encoding}`).toBe(true);
        expect(seen(repeat.res), `${url} ${encoding}`).toEqual(seen(full));
        expect(seen(repeat.res)).toEqual(seen(first));
        expect(repeat.res.headers['content-security-policy']).toContain("default-src 'self'");

        const tagged = { ...headers, 'if-none-match': String(first.headers.etag) };
        const notModified = await shortcutTaken(() => ctx.app.inject({ method: 'GET', url, headers: tagged }));
        expect(notModified.taken).toBe(true);
        expect(notModified.res.statusCode).toBe(304);
        expect(seen(notModified.res)).toEqual(seen(await ctx.app.inject({ method: 'GET', url, headers: { ...tagged, origin: PUBLIC_URL } })));
      }
    }
  });

  it('is not taken by a signed-in admin, a browser with the signed-in hint, or a process that is stopping', async () => {
    const file = await insertProduct(ctx, { name: 'Guia digital', priceCents: 500, isDigital: true, link: 'https://loja.test/guia.pdf' });
    const url = `/api/product/${file.id}`;
    const shopper = await ctx.app.inject({ method: 'GET', url });
    expect(shopper.json()).not.toHaveProperty('link');

    const { cookie } = await signedInUser(ctx, { isAdmin: true });
    const admin = await shortcutTaken(() => ctx.app.inject({ method: 'GET', url, headers: { cookie } }));
    expect(admin.taken).toBe(false);
    expect(admin.res.json().link).toBe('https://loja.test/guia.pdf');
    expect(admin.res.headers['cache-control']).toBe('private, no-store');

    // A hint left from a session that ended is taken away by the full path.
    const hinted = await shortcutTaken(() => ctx.app.inject({ method: 'GET', url, headers: { cookie: `${SIGNED_IN_HINT}=1` } }));
    expect(hinted.taken).toBe(false);
    expect(String(hinted.res.headers['set-cookie'])).toContain(`${SIGNED_IN_HINT}=;`);

    ctx.app.draining = true;
    const draining = await shortcutTaken(() => ctx.app.inject({ method: 'GET', url }));
    expect(draining.taken).toBe(false);
    expect(draining.res.statusCode).toBe(200);
  });

  it("is answered at the server's door over HTTP, before Fastify: the same answer as the full path's, counted in the metrics (decision 0057)", async () => {
    const box = await insertProduct(ctx, { name: 'Caixa de linho', priceCents: 1890, stock: 2 });
    const url = `/api/product/${box.id}`;
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const get = async (headers: Record<string, string>) => {
      const res = await fetch(`http://127.0.0.1:${port}${url}`, { headers });
      const { date: _date, ...kept } = Object.fromEntries(res.headers);
      return { status: res.status, headers: kept, body: await res.text() };
    };
    const counted = async () => {
      const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      return Number(/loja_http_request_duration_seconds_count\{method="GET",route="\/api\/product\/:id",status="200"\} (\d+)/.exec(metrics)?.[1] ?? 0);
    };
    const serve = vi.spyOn(CatalogAnswers.prototype, 'serve');
    try {
      const full = await get({ 'accept-encoding': 'br' });
      expect(serve.mock.results.at(-1)?.value).toBe(false);
      const before = await counted();
      const door = await get({ 'accept-encoding': 'br' });
      expect(serve.mock.results.at(-1)?.value).toBe(true);
      expect(door).toEqual(full);
      expect(door.headers['content-encoding']).toBe('br');
      expect(JSON.parse(door.body)).toMatchObject({ id: box.id, name: 'Caixa de linho', stock: 2 });
      expect(await counted()).toBe(before + 1);
      // A browser that holds it gets a 304 at the door too; a process that is stopping sends everything the full way.
      expect((await get({ 'accept-encoding': 'br', 'if-none-match': String(full.headers.etag) })).status).toBe(304);
      expect(serve.mock.results.at(-1)?.value).toBe(true);
      ctx.app.draining = true;
      expect(await get({ 'accept-encoding': 'br' })).toEqual(full);
      expect(serve.mock.results.at(-1)?.value).toBe(false);
    } finally {
      serve.mockRestore();
    }
  });
});

import { negotiate } from '@fastify/accept-negotiator';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { SIGNED_IN_HINT } from '#shared/session-hint.ts';
import type { Db } from '../../db/client.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { CACHED_ENCODINGS, type CachedEncoding, CatalogCache } from './catalog-cache.ts';
import { CatalogFreshness } from './catalog-freshness.ts';

/** Sends JSON that is already serialised: Fastify passes a string or bytes through without its serializer. */
export const sendSerialized = (reply: FastifyReply, json: string | Buffer) => reply.type('application/json; charset=utf-8').send(json as never);

const JSON_TYPE = 'application/json; charset=utf-8';
/** Addresses remembered for the shortcut: as many as answers are kept, so a flood of made-up queries cannot grow it. */
const REMEMBERED_URLS = 500;

/** An address answered from the cache before: its cache key, the product it shows, and its route's pattern (for the metrics). */
type Remembered = { key: string; productId: number | undefined; route: string };
type CachedAnswer = { route: string; status: 200 | 304; headers: Record<string, string | number>; body?: Buffer };

/** No session cookie, no signed-in hint (the session plugin would clear it) and no Origin (CORS headers). */
function anonymous({ cookie, origin }: IncomingHttpHeaders) {
  if (origin !== undefined) return false;
  return cookie === undefined || (!cookie.includes(SESSION_COOKIE) && !cookie.includes(SIGNED_IN_HINT));
}

/**
 * The shoppers' catalogue answers: kept serialised per catalogue version (`CatalogCache`), fresh by what
 * PostgreSQL announces (`CatalogFreshness`), and, for a repeat of an address already answered from the cache,
 * sent at the server's door (`serve`) before Fastify makes a request of it.
 */
export class CatalogAnswers {
  readonly cache = new CatalogCache();
  readonly freshness: CatalogFreshness;
  private readonly securityHeaders: Record<string, string>;
  // Request address (path and query as sent) to the cache key its validated query gave.
  private readonly urls = new Map<string, Remembered>();
  // Accept-Encoding as sent to the encoding chosen: browsers send one of a handful.
  private readonly encodings = new Map<string, CachedEncoding | null>();

  /** `securityHeaders`: the headers every answer carries (security.ts), which the shortcut sends itself. */
  constructor(db: Db, securityHeaders: Record<string, string>) {
    this.securityHeaders = securityHeaders;
    // A stock move drops every answer showing it (product pages, lists, collections); after notifications may have
    // been missed, every answer.
    this.freshness = new CatalogFreshness(db, (ids) => (ids === 'all' ? this.cache.invalidate() : this.cache.dropShowing(ids)));
  }

  /**
   * A cached answer as the browser accepts it: compressed once per version (the compression hook leaves an
   * encoded answer alone), with its tag; a browser that already holds it gets a 304 and no body. The address is
   * remembered, so its next request takes the shortcut.
   */
  async send(request: FastifyRequest, reply: FastifyReply, cached: { key: string; version: number; productId?: number }, build: () => Promise<unknown>) {
    const encoding = this.encodingFor(request.headers['accept-encoding']);
    // An answer showing a product whose stock this process just moved, not yet heard back, is built again.
    if (!this.allLive(this.cache.shows(cached.key))) this.cache.invalidate((key) => key === cached.key);
    const { body, etag } = await this.cache.get(cached.version, cached.key, build, encoding ?? undefined);
    this.remember(request.url, { key: cached.key, productId: cached.productId, route: request.routeOptions.url ?? 'unmatched' });
    reply.header('etag', etag).header('vary', 'Accept-Encoding');
    if (!request.sessionUser) reply.header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    if (encoding) reply.header('content-encoding', encoding);
    return sendSerialized(reply, body);
  }

  /**
   * The first look at every request, as it reaches the server (`serve`, before Fastify makes anything of it) or,
   * through `app.inject`, Fastify's first hook (`shortcut`). A shopper's GET of an address answered from the cache
   * before, while the catalogue version is known without a read and the answer is kept in the encoding asked for,
   * is answered here with the headers the full path would give it (security headers, tag, Vary, no-cache).
   * Anything else (a session or its hint, an Origin for CORS, a server draining, an answer to build) takes the
   * full path: `undefined`.
   */
  private cached(method: string | undefined, url: string | undefined, headers: IncomingHttpHeaders, draining: boolean): CachedAnswer | undefined {
    const remembered = method === 'GET' && url !== undefined ? this.urls.get(url) : undefined;
    if (!remembered || !anonymous(headers) || draining) return undefined;
    const version = this.freshness.known();
    if (version === undefined || (remembered.productId !== undefined && !this.freshness.live(remembered.productId))) return undefined;
    const encoding = this.encodingFor(headers['accept-encoding']);
    const answer = this.cache.peek(version, remembered.key, encoding ?? undefined);
    if (!answer || !this.allLive(answer.shows)) return undefined;
    const sent: Record<string, string | number> = { ...this.securityHeaders, etag: answer.etag, vary: 'Accept-Encoding, Cookie', 'cache-control': 'no-cache' };
    if (headers['if-none-match'] === answer.etag) return { route: remembered.route, status: 304, headers: sent };
    if (encoding) sent['content-encoding'] = encoding;
    sent['content-type'] = JSON_TYPE;
    sent['content-length'] = answer.body.length;
    return { route: remembered.route, status: 200, headers: sent, body: answer.body };
  }

  /**
   * At the server's door (app.ts): answers a repeat of a cached catalogue call before Fastify builds its request,
   * reply and logger for it, which cost more than the answer itself (decision 0057). Says whether it answered;
   * `answered` hears of each, for the metrics.
   */
  serve(request: IncomingMessage, response: ServerResponse, draining: boolean, answered: (route: string, status: number, seconds: number) => void): boolean {
    const started = performance.now();
    const answer = this.cached(request.method, request.url, request.headers, draining);
    if (!answer) return false;
    response.writeHead(answer.status, answer.headers).end(answer.body);
    answered(answer.route, answer.status, (performance.now() - started) / 1000);
    return true;
  }

  /** The same look as Fastify's first hook, for requests made with `app.inject` (which do not pass the server). */
  readonly shortcut = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const answer = this.cached(request.method, request.url, request.headers, request.server.draining);
    if (!answer) return done();
    reply.hijack();
    reply.raw.writeHead(answer.status, answer.headers).end(answer.body);
  };

  /** Whether none of these products' stock moved here without being heard yet (and changes are being heard). */
  private allLive(productIds: readonly number[]) {
    for (const id of productIds) if (!this.freshness.live(id)) return false;
    return true;
  }

  private encodingFor(accept: string | undefined): CachedEncoding | null {
    if (!accept) return null;
    let encoding = this.encodings.get(accept);
    if (encoding === undefined) {
      encoding = negotiate(accept, [...CACHED_ENCODINGS]) as CachedEncoding | null;
      if (this.encodings.size >= 100) this.encodings.clear();
      this.encodings.set(accept, encoding);
    }
    return encoding;
  }

  private remember(url: string, remembered: Remembered) {
    if (this.urls.has(url)) return;
    if (this.urls.size >= REMEMBERED_URLS) this.urls.delete(this.urls.keys().next().value as string);
    this.urls.set(url, remembered);
  }
}

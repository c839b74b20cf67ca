import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { Redis } from 'ioredis';
import { messages } from '#shared/messages.ts';
import type { Config } from '../config.ts';
import { AppError, forbidden } from './errors.ts';
import { redisWithFallback } from './rate-limit-store.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The call carries its own proof (a token in the URL) and acts on no session, so a foreign origin
     * may make it: a mail provider's one-click unsubscribe (RFC 8058).
     */
    anyOrigin?: boolean;
  }
}

/**
 * Helmet's headers worked out once: its middleware runs at start-up against a recorder, and every answer then
 * gets the recorded headers in one step. Run per request (as @fastify/helmet does), it halved the throughput
 * of every call, the catalogue's cached answers included (`npm run bench`).
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/** The security headers every answer of this shop carries (Content-Security-Policy, HSTS over https, nosniff...). */
export function shopSecurityHeaders(config: Config): Record<string, string> {
  const secure = config.publicUrl.startsWith('https:');
  return securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // A server-rendered page carries React's style attributes in its HTML (a hero's height, an image's
        // fit); style sheets and scripts stay 'self' only.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Off unless served over https: HSTS on localhost would pin the browser to https.
    strictTransportSecurity: secure,
    crossOriginEmbedderPolicy: false,
  });
}

export async function registerSecurity(app: FastifyInstance, config: Config) {
  const headers = shopSecurityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  const allowed = new Set([new URL(config.publicUrl).origin, ...config.trustedOrigins]);
  if (config.trustedOrigins.length) {
    await app.register(cors, { origin: config.trustedOrigins, credentials: true });
  }

  // Cookies ride along on cross-site requests: an unsafe method from a foreign page is refused.
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method) || request.routeOptions.config?.anyOrigin) return;
    const origin = request.headers.origin;
    if (origin === 'null') {
      // A form posted from the shop's own page says "null" (its pages send no referrer, decision 0056): only the
      // browser's own word that it came from this origin lets it through (a sandboxed foreign frame says null too).
      if (request.headers['sec-fetch-site'] !== 'same-origin') throw forbidden(messages.foreignOrigin, 'FOREIGN_ORIGIN');
    } else if (origin) {
      const own = `${request.protocol}://${request.host}`;
      if (origin !== own && !allowed.has(origin)) throw forbidden(messages.foreignOrigin, 'FOREIGN_ORIGIN');
    } else if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw forbidden(messages.foreignOrigin, 'FOREIGN_ORIGIN');
    }
  });

  // Answers that depend on who asks are nobody else's to keep: a shared cache (a proxy, a CDN) must neither
  // store a signed-in answer nor serve a shopper an admin's (product pages carry download links for admins).
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const vary = reply.getHeader('vary');
    if (!vary) reply.header('vary', 'Cookie');
    else if (!/\bcookie\b/i.test(String(vary))) reply.header('vary', `${String(vary)}, Cookie`);
    // A token in the URL (a guest's order) is a key to someone's data, like a session.
    const personal = request.sessionUser || /[?&]token=/.test(request.url);
    if (personal && !reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
  });

  // No offline queue: while Redis is away a count fails at once and the in-process counters take over.
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false }) : undefined;
  if (redis) {
    let reported = false;
    redis.on('error', (err: Error) => {
      if (!reported) app.log.warn({ err: { message: err.message } }, 'Redis unreachable: rate limits counted in this process until it is back');
      reported = true;
    });
    redis.on('ready', () => void (reported = false));
    app.addHook('onClose', async () => void redis.disconnect());
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: redisWithFallback(redis, 'loja-rl-') } : {}),
    // A store failure must not stop the shop selling (the fallback store makes it rare).
    skipOnError: true,
    errorResponseBuilder: () => new AppError(429, 'TOO_MANY_REQUESTS', messages.tooManyRequests),
  });
  return {
    /** 'down' while a configured Redis does not answer: limits then hold per process only. */
    redisState: (): 'none' | 'up' | 'down' => (!redis ? 'none' : redis.status === 'ready' ? 'up' : 'down'),
  };
}

/** How many calls one address may make in a window (the configuration's AUTH_, CONTACT_ and NEWSLETTER_RATE_LIMIT). */
export type RateLimit = { max: number; windowMs: number };

/**
 * Route options' `config` for a per-address limit, with the pt-PT 429: the calls an attacker would hammer
 * (login, registration, password reset) and the public forms that send mail (contact, newsletter, checkout).
 * A route may answer its own message (and code) instead of the generic one.
 */
export const rateLimited = (limit: RateLimit, refusal?: () => AppError) => ({
  rateLimit: { max: limit.max, timeWindow: limit.windowMs, ...(refusal ? { errorResponseBuilder: refusal } : {}) },
});

/**
 * A limit on a key found in the validated request (an e-mail address, an account) rather than the client's
 * address: a preHandler, so the body is read and checked first. Counted in the same store as the per-address
 * limits (Redis shared by every process, this process's memory while Redis is down). No key, no count.
 */
export function limitedPer(app: FastifyInstance, limit: RateLimit, keyOf: (request: FastifyRequest) => string | undefined, refusal: () => AppError) {
  const count = app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator: (request) => keyOf(request) ?? '' });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (keyOf(request) === undefined) return;
    const counted = await count(request);
    if (counted.isAllowed || !counted.isExceeded) return;
    reply.header('retry-after', counted.ttlInSeconds);
    throw refusal();
  };
}

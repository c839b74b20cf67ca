import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { messages } from '#shared/messages.ts';
import type { Config } from '../config.ts';
import { AppError, forbidden } from './errors.ts';

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

export async function registerSecurity(app: FastifyInstance, config: Config) {
  const secure = config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
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

  const allowed = new Set([new URL(config.publicUrl).origin, ...config.trustedOrigins]);
  if (config.trustedOrigins.length) {
    await app.register(cors, { origin: config.trustedOrigins, credentials: true });
  }

  // Cookies ride along on cross-site requests: an unsafe method from a foreign page is refused.
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method) || request.routeOptions.config?.anyOrigin) return;
    const origin = request.headers.origin;
    if (origin) {
      const own = `${request.protocol}://${request.host}`;
      if (origin !== own && !allowed.has(origin)) throw forbidden(messages.foreignOrigin, 'FOREIGN_ORIGIN');
    } else if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw forbidden(messages.foreignOrigin, 'FOREIGN_ORIGIN');
    }
  });

  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false }) : undefined;
  if (redis) app.addHook('onClose', async () => void redis.quit());
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'loja-rl-' } : {}),
    // If Redis is down the shop keeps selling; limits resume when it is back.
    skipOnError: true,
    errorResponseBuilder: () => new AppError(429, 'TOO_MANY_REQUESTS', messages.tooManyRequests),
  });
}

/** Per-route limit for the calls an attacker would hammer (login, registration, password reset). */
export const authRateLimit = (config: Config) => ({
  rateLimit: { max: config.authRateLimit.max, timeWindow: config.authRateLimit.windowMs },
});

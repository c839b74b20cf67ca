import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { orderMessages } from '#shared/schemas/orders.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../platform/errors.ts';
import { limitedPer, rateLimited } from '../../platform/security.ts';

/*
 * Every order mails its e-mail address under the shop's name, so a checkout is limited like the other public
 * writes that send mail (decision 0026): per client address before the body is read, then per e-mail address
 * and per signed-in account once it is valid. The three answer the same pt-PT 429.
 */

const tooManyOrders = () => new AppError(429, 'TOO_MANY_ORDERS', orderMessages.tooManyOrders);

/**
 * One inbox, however the address is written: `Maria+1@Gmail.com` and `m.a.r.i.a@googlemail.com` reach the
 * same one. Hashed, so the counters keep no one's address.
 */
export function inboxKey(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split(/@(?=[^@]*$)/);
  const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
  const box = local.replace(/\+.*$/, '');
  const inbox = gmail ? `${box.replaceAll('.', '')}@gmail.com` : `${box}@${domain}`;
  return createHash('sha256').update(inbox).digest('base64url');
}

function emailKey(request: FastifyRequest) {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? `order-email:${inboxKey(email)}` : undefined;
}

const accountKey = (request: FastifyRequest) => (request.sessionUser ? `order-account:${request.sessionUser.id}` : undefined);

/** The checkout route's options: its per-address limit (config) and the per-buyer ones (preHandler). */
export function checkoutLimits(app: FastifyInstance, config: Config) {
  const { perAddress, perBuyer } = config.checkoutRateLimit;
  return {
    config: rateLimited(perAddress, tooManyOrders),
    preHandler: [limitedPer(app, perBuyer, emailKey, tooManyOrders), limitedPer(app, perBuyer, accountKey, tooManyOrders)],
  };
}

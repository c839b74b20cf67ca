import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Query parameters that are secrets: the payment callback's anti-phishing key (with an order id and amount,
 * enough to mark an order paid), a guest order's access token, one-time links' tokens.
 */
const SECRET_PARAMS = /([?&](?:key|token|access_token)=)[^&#]*/gi;

/** A request line fit for a log: the secrets in its query string replaced. */
export const redactUrl = (url: string) => url.replace(SECRET_PARAMS, '$1[redacted]');

/** The app's logger settings: requests logged without secrets, and headers that carry them never logged. */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'], censor: '[redacted]' },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}

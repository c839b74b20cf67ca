import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '#shared/messages.ts';
import type { ErrorBody } from '#shared/schemas/common.ts';

/** A failure a person caused or can act on; its message is pt-PT and shown as is. */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  /** More for the client to act on (the fresh totals of a refused checkout). */
  readonly extra: Record<string, unknown> | undefined;
  constructor(status: number, code: string, message: string, fields?: Record<string, string>, extra?: Record<string, unknown>) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.extra = extra;
  }
}

export const invalid = (message: string, fields?: Record<string, string>) => new AppError(400, 'INVALID', message, fields);
export const unauthenticated = (message: string = messages.unauthenticated, code = 'UNAUTHENTICATED') =>
  new AppError(401, code, message);
export const forbidden = (message: string = messages.forbidden, code = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message: string = messages.notFound) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, fields?: Record<string, string>) => new AppError(409, 'CONFLICT', message, fields);

/** The SQLSTATE of a database error, however deep the drivers wrapped it (23505 unique, 23503 and 23001 foreign key). */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** SQLSTATE classes and driver errors that say the database is unreachable right now, not that the request is wrong. */
const DATABASE_DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '53300']);
const DATABASE_DOWN_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|terminating connection/i;

/** True when `err` (however wrapped) is the database going away: the answer is a 503, worth retrying. */
export function isDatabaseDown(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && (DATABASE_DOWN_CODES.has(e.code) || e.code.startsWith('08'))) return true;
    if (typeof e.message === 'string' && DATABASE_DOWN_MESSAGES.test(e.message)) return true;
  }
  return false;
}

const body = (code: string, message: string, fields?: Record<string, string>): ErrorBody =>
  fields ? { message, error: message, code, fields } : { message, error: message, code };

type ValidationIssue = { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } };

function fieldMessages(issues: ValidationIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.params?.issue?.path?.join('.') ?? issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') ?? '';
    const key = path || '_';
    fields[key] ??= issue.message ?? messages.invalidInput;
  }
  return fields;
}

/** One mapper from thrown errors to `{ message, error, code, fields? }` (STYLE.md rule 4). */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ ...err.extra, ...body(err.code, err.message, err.fields) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = fieldMessages(err.validation as ValidationIssue[]);
      const first = Object.values(fields)[0] ?? messages.invalidInput;
      return reply.status(400).send(body('INVALID', first, fields));
    }
    // A race the module's own checks could not see (two admins saving the same e-mail or SKU at once).
    const pgCode = pgErrorCode(err);
    if (pgCode === '23505' || pgCode === '23503' || pgCode === '23001') {
      return reply.status(409).send(body('CONFLICT', messages.conflict));
    }
    // A value the database cannot hold (a number out of range, an impossible date) that no schema bounded.
    if (pgCode?.startsWith('22')) {
      request.log.warn({ err: { message: err.message, code: pgCode } }, 'value refused by the database');
      return reply.status(400).send(body('INVALID', messages.invalidInput));
    }
    if (err.statusCode === 429) {
      return reply.status(429).send(body('TOO_MANY_REQUESTS', messages.tooManyRequests));
    }
    // Fastify's own 4xx (malformed JSON, body too large, wrong content type) are the caller's mistakes.
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const message = err.statusCode === 413 ? 'O pedido é demasiado grande.' : messages.invalidInput;
      return reply.status(err.statusCode).send(body(err.code ?? 'INVALID', message));
    }
    if (isDatabaseDown(err)) {
      request.log.warn({ err: { message: err.message, code: err.code } }, 'database unreachable');
      return reply.status(503).header('retry-after', '5').send(body('UNAVAILABLE', messages.unavailable));
    }
    // 57014 query_canceled: a statement past its deadline (statement_timeout), the database too slow right now.
    if (pgCode === '57014') {
      request.log.warn({ err: { message: err.message, code: pgCode }, url: request.url }, 'database too slow: statement cancelled');
      return reply.status(503).header('retry-after', '5').send(body('UNAVAILABLE', messages.unavailable));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', messages.internal));
  });
}

export const notFoundBody = () => body('NOT_FOUND', messages.notFound);

import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '#shared/messages.ts';
import type { ErrorBody } from '#shared/schemas/common.ts';

/** A failure a person caused or can act on; its message is pt-PT and shown as is. */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const invalid = (message: string, fields?: Record<string, string>) => new AppError(400, 'INVALID', message, fields);
export const unauthenticated = (message: string = messages.unauthenticated, code = 'UNAUTHENTICATED') =>
  new AppError(401, code, message);
export const forbidden = (message: string = messages.forbidden, code = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message: string = messages.notFound) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, fields?: Record<string, string>) => new AppError(409, 'CONFLICT', message, fields);

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
      return reply.status(err.status).send(body(err.code, err.message, err.fields));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = fieldMessages(err.validation as ValidationIssue[]);
      const first = Object.values(fields)[0] ?? messages.invalidInput;
      return reply.status(400).send(body('INVALID', first, fields));
    }
    // A race the module's own checks could not see (two admins saving the same e-mail or SKU at once).
    const pgCode = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? err.code;
    if (pgCode === '23505' || pgCode === '23503') {
      return reply.status(409).send(body('CONFLICT', messages.conflict));
    }
    if (err.statusCode === 429) {
      return reply.status(429).send(body('TOO_MANY_REQUESTS', messages.tooManyRequests));
    }
    // Fastify's own 4xx (malformed JSON, body too large, wrong content type) are the caller's mistakes.
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const message = err.statusCode === 413 ? 'O pedido é demasiado grande.' : messages.invalidInput;
      return reply.status(err.statusCode).send(body(err.code ?? 'INVALID', message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', messages.internal));
  });
}

export const notFoundBody = () => body('NOT_FOUND', messages.notFound);

import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { messages } from '#shared/messages.ts';
import { invalid } from './errors.ts';

/** Validates data that did not come through a route schema (multipart fields), with the same 400 shape. */
export function parseOrThrow<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  throw invalid(Object.values(fields)[0] ?? messages.invalidInput, fields);
}

/** C0 control characters but tab, line feed and carriage return: PostgreSQL refuses NUL in text, and none belongs in a form. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

/** The dotted path of the first text in `value` holding a control character, or undefined. */
export function controlCharacterAt(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return CONTROL.test(value) ? path || '_' : undefined;
  if (depth > 20 || value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (CONTROL.test(key)) return path || '_';
    const found = controlCharacterAt(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Refuses, before any schema or handler sees them, texts with control characters in a query, path or JSON body. */
export function registerInputHygiene(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const field = controlCharacterAt(request.params) ?? controlCharacterAt(request.query) ?? controlCharacterAt(request.body);
    if (field) throw invalid(messages.controlCharacters, { [field]: messages.controlCharacters });
  });
}

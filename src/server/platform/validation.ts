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

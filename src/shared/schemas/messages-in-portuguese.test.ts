import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as account from './account.ts';
import * as catalog from './catalog.ts';
import * as common from './common.ts';
import * as contact from './contact.ts';
import * as content from './content.ts';
import * as newsletter from './newsletter.ts';
import * as orders from './orders.ts';
import * as payments from './payments.ts';
import * as services from './services.ts';

/* issue #12: no validation message reaches a person in English. Every schema every module exports (a new
   one is walked the day it is written) is fed wrong types, out-of-range values and missing fields. */

const modules = { account, catalog, common, contact, content, newsletter, orders, payments, services };

const english = /\b(expected|invalid|too (big|small)|must|received|required|string|number|input|undefined|array|object|option|characters?|Unrecognized)\b/i;

const wrong: unknown[] = [undefined, null, 42, -1, 1e15, 2.5, 'x', '', ' ', 'x'.repeat(20_000), [], [1, 2], {}, true, 'not-an-email@', '1.2.3'];

function inputsFor(schema: z.ZodType): unknown[] {
  if (schema instanceof z.ZodObject) {
    const keys = Object.keys(schema.shape);
    return [...wrong, ...wrong.map((value) => Object.fromEntries(keys.map((key) => [key, value])))];
  }
  return wrong;
}

const schemas = Object.entries(modules).flatMap(([module, exports]) =>
  Object.entries(exports).flatMap(([name, value]) => (value instanceof z.ZodType ? [[`${module}.${name}`, value] as const] : [])),
);

describe('validation messages are European Portuguese', () => {
  it('walks every exported schema', () => {
    expect(schemas.length).toBeGreaterThan(40);
  });

  it.each(schemas)('%s', (_name, schema) => {
    const seen = new Set<string>();
    for (const input of inputsFor(schema)) {
      const result = schema.safeParse(input);
      if (!result.success) for (const issue of result.error.issues) seen.add(issue.message);
    }
    const inEnglish = [...seen].filter((message) => english.test(message));
    expect(inEnglish).toEqual([]);
  });

  it('says what is wrong in a few words', () => {
    const sample = z.object({ name: z.string().max(3), size: z.number().max(50), list: z.array(z.number()).min(1) });
    const issues = sample.safeParse({ name: 'abcd', size: 51, list: [] }).error?.issues.map((i) => i.message);
    expect(issues).toEqual(['Demasiado longo: no máximo 3 caracteres.', 'O valor máximo é 50.', 'Pelo menos 1 elemento.']);
    expect(z.object({ a: z.string() }).safeParse({}).error?.issues[0]?.message).toBe('Este campo é obrigatório.');
  });
});

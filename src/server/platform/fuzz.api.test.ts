import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser, useTestApp } from '../../../tests/helpers/app.ts';
import { multipart, pngImage } from '../../../tests/helpers/images.ts';
import { insertProduct } from '../../../tests/helpers/shop.ts';

/**
 * Every route of the OpenAPI document, called with hostile values as a visitor, a customer and an admin:
 * no answer may be a 5xx, and a refused call changes nothing in the database.
 */
const ctx = useTestApp({ AUTH_RATE_LIMIT: '100000', CONTACT_RATE_LIMIT: '100000', NEWSLETTER_RATE_LIMIT: '100000', PAYMENT_CALLBACK_RATE_LIMIT: '100000' });

type Schema = { type?: string | string[]; format?: string; properties?: Record<string, Schema>; items?: Schema; enum?: unknown[]; anyOf?: Schema[] };
type Operation = { parameters?: { in: string; name: string }[]; requestBody?: { content: Record<string, { schema: Schema }> } };

const HOSTILE_TEXT = ['\u0000', 'a\u0001b\u001b[31m', 'x'.repeat(100_000), '', '   ', '<script>alert(1)</script>', "' OR 1=1 --", '\ud800', '../../etc/passwd'];
const HOSTILE_VALUES: unknown[] = [...HOSTILE_TEXT, -1, 0, 2 ** 31, 2 ** 53, 1e308, -1e308, 1.5, true, null, {}, [], [1, 2]];
const HOSTILE_SEGMENTS = ['%00', '-1', '0', '99999999999999999999', 'abc', '1.5', '%E0%A4%A', 'x'.repeat(3000), '%2e%2e%2f'];
/** Routes whose effect would end the fuzzing itself. */
const SKIPPED = new Set(['POST /api/auth/logout']);
/** The payment callback keeps every delivery, refused ones too: the owner's evidence of forged or stray payments. */
const RECORDS_REFUSED = new Set(['GET /api/payment/callback']);
/** A refused admin call is itself recorded (issue #26): the audit log's 'access' entries and their counter are not a change. */
const REFUSAL_RECORDS: Record<string, string> = { audit_log: `WHERE entity <> 'access'` };
/** Upload routes read multipart bodies, which the document does not describe. */
const MULTIPART = ['POST /api/product', 'PUT /api/product/{id}', 'POST /api/service', 'PUT /api/service/{id}', 'PUT /api/image/{name}'];

/** A plausible value for a schema, so a hostile value in one field is not hidden behind another's refusal. */
function plausible(schema: Schema | undefined): unknown {
  if (!schema) return 'Teste';
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return plausible(schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object') return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, plausible(s)]));
  if (type === 'array') return [plausible(schema.items)];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (schema.format === 'email') return 'fuzz@example.pt';
  return 'Teste';
}

type Call = { method: string; url: string; headers?: Record<string, string>; payload?: unknown };

function callsFor(method: string, path: string, op: Operation): Call[] {
  const params = op.parameters ?? [];
  const fill = (segment: string) => path.replace(/\{[^}]+\}/g, segment);
  const url = fill('1');
  const calls: Call[] = HOSTILE_SEGMENTS.filter(() => path.includes('{')).map((segment) => ({ method, url: fill(segment) }));
  for (const q of params.filter((p) => p.in === 'query')) {
    for (const value of HOSTILE_TEXT.slice(0, 4).concat(['-1', '1e308', 'abc'])) {
      calls.push({ method, url: `${url}?${encodeURIComponent(q.name)}=${encodeURIComponent(value)}` });
    }
  }
  const json = op.requestBody?.content['application/json']?.schema;
  if (json) {
    const base = plausible(json) as Record<string, unknown>;
    for (const field of Object.keys(json.properties ?? {})) {
      for (const value of HOSTILE_VALUES) calls.push({ method, url, payload: { ...base, [field]: value } });
    }
    calls.push({ method, url, headers: { 'content-type': 'application/json' }, payload: '{"truncado": ' });
    calls.push({ method, url, headers: { 'content-type': 'text/plain' }, payload: 'texto' });
    for (const wrong of [[], 'texto', 42, null]) calls.push({ method, url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(wrong) });
  }
  return calls;
}

async function multipartCalls(method: string, path: string): Promise<Call[]> {
  const url = path.replace(/\{[^}]+\}/g, path.includes('image') ? 'Fuzz' : '1');
  const boundary = 'fuzzboundary';
  const form = (fields: Record<string, string>, files: Parameters<typeof multipart>[1] = []) => ({ method, url, payload: multipart(fields, files) });
  const base = { name: 'Caixa', description: 'Caixa em cartão.', order: '1', price: '12,50', stock: '7', isDigital: 'false', hasVariants: 'false', duration: '60', link: 'https://cal.example.pt/x' };
  const png = await pngImage(20, 20);
  return [
    { method, url, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nCaixa\r\n--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG` },
    { method, url, headers: { 'content-type': 'multipart/form-data' }, payload: 'sem fronteira' },
    { method, url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(base) },
    form({ ...base, name: 'Cai\u0000xa' }),
    form({ ...base, description: 'x'.repeat(100_000) }),
    form({ ...base, price: '99999999999999999999' }),
    form({ ...base, price: '-5', stock: '-1', order: '1e308' }),
    form({ ...base, variants: '{"nao": "e uma lista"' }),
    form({ ...base, variants: JSON.stringify([{ name: '\u0000', price: 1e308, stock: 2 ** 53 }]) }),
    form(base, [{ field: 'image', name: 'a.png', type: 'image/png', data: Buffer.from('isto não é uma imagem') }]),
    form(base, [{ field: 'images', name: 'a.svg', type: 'image/svg+xml', data: Buffer.from('<svg onload="alert(1)"></svg>') }]),
    form(base, [{ field: 'images', name: 'a.png', type: 'image/png', data: png.subarray(0, 40) }]),
  ];
}

/** Every table's content as one md5 a table, read in one statement (the table list is read once). */
let fingerprintQuery: ReturnType<typeof sql.raw> | undefined;
const fingerprint = async () => {
  if (!fingerprintQuery) {
    const tables = (await ctx.database.db.execute(
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('login_failures', 'audit_refusals', '__drizzle_migrations') ORDER BY 1`,
    )) as unknown as { rows: { name: string }[] };
    fingerprintQuery = sql.raw(
      tables.rows
        .map(({ name }, i) => `SELECT ${i} AS i, '${name}' AS name, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM "${name}" t ${REFUSAL_RECORDS[name] ?? ''}`)
        .join(' UNION ALL ')
        .concat(' ORDER BY i'),
    );
  }
  const result = (await ctx.database.db.execute(fingerprintQuery)) as unknown as { rows: { name: string; h: string }[] };
  return result.rows.map(({ name, h }) => `${name}:${h}`).join('\n');
};

describe('every route with hostile input', () => {
  it('answers no 5xx, to a visitor, a customer and an admin, and a refused call changes nothing', { timeout: 600_000 }, async () => {
    await insertProduct(ctx);
    const customer = (await signedInUser(ctx)).cookie;
    const admin = (await signedInUser(ctx, { isAdmin: true })).cookie;
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };

    const failures: string[] = [];
    const changed: string[] = [];
    let total = 0;
    let lastRead: string | undefined;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [lower, op] of Object.entries(ops)) {
        const method = lower.toUpperCase();
        const route = `${method} ${path}`;
        if (SKIPPED.has(route)) continue;
        const calls = MULTIPART.includes(route) ? await multipartCalls(method, path) : callsFor(method, path, op);
        for (const [who, cookie] of [['visitor', undefined], ['customer', customer], ['admin', admin]] as const) {
          // What the last refused round read after its calls is still the database's state: nothing ran since.
          const before = lastRead ?? (await fingerprint());
          lastRead = undefined;
          let accepted = false;
          for (const call of calls) {
            const res = await ctx.app.inject({
              method: call.method as 'GET',
              url: call.url,
              headers: { ...call.headers, ...(cookie ? { cookie } : {}) },
              ...(call.payload === undefined ? {} : { payload: call.payload as string }),
            });
            total++;
            if (res.statusCode >= 500) failures.push(`${who} ${call.method} ${call.url.slice(0, 120)} ${JSON.stringify(call.payload)?.slice(0, 120)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
            if (res.statusCode < 400) accepted = true;
          }
          // Only when every call was refused: an accepted one may change data, as it should.
          if (!accepted && !RECORDS_REFUSED.has(route)) {
            lastRead = await fingerprint();
            if (lastRead !== before) changed.push(`${who} ${route}`);
          }
        }
      }
    }
    expect(total).toBeGreaterThan(2000);
    expect(failures).toEqual([]);
    expect(changed).toEqual([]);
  });
});

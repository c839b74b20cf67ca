import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { calendarDayPlus, lisbonToday } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { type DiscountCode, discountMessages } from '#shared/schemas/discounts.ts';
import { signedInUser, uniqueEmail, useTestApp } from '../../../../tests/helpers/app.ts';
import { checkoutAnswer } from '../../../../tests/helpers/checkout.ts';
import { insertProduct } from '../../../../tests/helpers/shop.ts';
import { auditLog } from '../audit/tables.ts';
import { orders } from '../orders/tables.ts';
import { discountCodes } from './tables.ts';

// Issue #29 "Discount codes" (decision 0054): the owner's tab calls, and every reason a code is refused at the cart and the checkout.

const ctx = useTestApp();
let admin: string;
beforeAll(async () => {
  admin = (await signedInUser(ctx, { isAdmin: true })).cookie;
});

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = admin) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
let n = 0;
const fresh = (prefix = 'COD') => `${prefix}${++n}${Date.now().toString(36).slice(-4)}`;
async function createCode(body: object): Promise<DiscountCode> {
  const res = await send('POST', '/api/discount-code', { code: fresh(), kind: 'percent', value: 10, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const totals = (items: object[], code: string, extra: object = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/order/calculate-totals', payload: { items, discount_code: code, ...extra } });

describe('the «Códigos de desconto» calls', () => {
  it('creates, lists, changes, deactivates and deletes a code, upper-case, each step in the audit log', async () => {
    const code = fresh('verao').toLowerCase();
    const created = await createCode({ code, kind: 'fixed', value: '5,50', min_order: '30,00', starts_at: '2026-06-01', ends_at: '2026-08-31', max_uses: 100, max_uses_per_customer: 1 });
    expect(created).toMatchObject({ code: code.toUpperCase(), kind: 'fixed', value: 5.5, min_order: 30, starts_at: '2026-06-01', ends_at: '2026-08-31', max_uses: 100, max_uses_per_customer: 1, active: true, uses: 0 });
    expect((await send('GET', '/api/discount-code')).json().codes).toContainEqual(created);

    const changed = await send('PUT', `/api/discount-code/${created.id}`, { code: created.code, kind: 'percent', value: 15, active: false });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ kind: 'percent', value: 15, min_order: null, starts_at: null, ends_at: null, max_uses: null, active: false });

    const removed = await send('DELETE', `/api/discount-code/${created.id}`);
    expect(removed.json()).toEqual({ message: discountMessages.deleted });
    expect(await ctx.database.db.select().from(discountCodes).where(eq(discountCodes.id, created.id))).toEqual([]);
    expect((await send('DELETE', `/api/discount-code/${created.id}`)).statusCode).toBe(404);

    const entries = await ctx.database.db.select().from(auditLog).where(sql`${auditLog.entity} = 'discount-code' and ${auditLog.entityId} = ${String(created.id)}`);
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'delete', 'update']);
    expect(entries.find((e) => e.action === 'update')?.after).toMatchObject({ kind: 'percent', value: 15, active: false });
  });

  it('refuses a code spelled like another one in any case (409), and bad fields with pt-PT messages (400)', async () => {
    const first = await createCode({});
    const again = await send('POST', '/api/discount-code', { code: first.code.toLowerCase(), kind: 'percent', value: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual({ code: discountMessages.codeTaken });

    const cases: [object, string, string][] = [
      [{ code: 'a', kind: 'percent', value: 5 }, 'code', discountMessages.code],
      [{ code: 'COM ESPACO', kind: 'percent', value: 5 }, 'code', discountMessages.code],
      [{ code: fresh(), kind: 'metade', value: 5 }, 'kind', discountMessages.kind],
      [{ code: fresh(), kind: 'percent', value: 101 }, 'value', discountMessages.percent],
      [{ code: fresh(), kind: 'percent', value: 12.5 }, 'value', discountMessages.percent],
      [{ code: fresh(), kind: 'fixed', value: 'cinco' }, 'value', discountMessages.fixed],
      [{ code: fresh(), kind: 'fixed', value: 0 }, 'value', discountMessages.fixed],
      [{ code: fresh(), kind: 'free_shipping', min_order: 'x' }, 'min_order', discountMessages.minOrder],
      [{ code: fresh(), kind: 'free_shipping', starts_at: '2026-02-30' }, 'starts_at', discountMessages.day],
      [{ code: fresh(), kind: 'free_shipping', starts_at: '2026-05-02', ends_at: '2026-05-01' }, 'ends_at', discountMessages.daysOrder],
      [{ code: fresh(), kind: 'free_shipping', max_uses: 0 }, 'max_uses', discountMessages.uses],
      [{ code: fresh(), kind: 'free_shipping', max_uses_per_customer: 1.5 }, 'max_uses_per_customer', discountMessages.uses],
    ];
    for (const [body, field, message] of cases) {
      const res = await send('POST', '/api/discount-code', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(body)).toBe(message);
    }
  });

  it('answers a customer 403 and a stranger 401, before reading the body, and changes nothing', async () => {
    const { cookie } = await signedInUser(ctx);
    const before = await ctx.database.db.select().from(discountCodes);
    expect((await send('GET', '/api/discount-code', undefined, cookie)).statusCode).toBe(403);
    expect((await send('POST', '/api/discount-code', { code: fresh(), kind: 'percent', value: 50 }, cookie)).statusCode).toBe(403);
    expect((await send('PUT', `/api/discount-code/${before[0]?.id ?? 1}`, { nonsense: true }, cookie)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/discount-code/${before[0]?.id ?? 1}`, undefined, cookie)).statusCode).toBe(403);
    expect((await send('GET', '/api/discount-code', undefined, '')).statusCode).toBe(401);
    expect(await ctx.database.db.select().from(discountCodes)).toEqual(before);
  });
});

describe('a code refused at the cart and the checkout', () => {
  it('says why, for each reason, and POST /order answers 400 with the same words and stores nothing', async () => {
    const p = await insertProduct(ctx, { priceCents: 2000, stock: 100 });
    const items = [{ product_id: p.id, quantity: 1 }];
    const today = lisbonToday();
    const later = calendarDayPlus(today, 3);
    const used = await createCode({ max_uses: 1 });
    expect((await checkoutAnswer(ctx.app, items, { email: uniqueEmail(), discountCode: used.code })).statusCode).toBe(201);
    const reasons: [string, string][] = [
      ['NAOEXISTE', discountMessages.unknown],
      [(await createCode({ active: false })).code, discountMessages.inactive],
      [(await createCode({ starts_at: later })).code, `Este código só é válido a partir de ${new Intl.DateTimeFormat('pt-PT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${later}T00:00:00Z`))}.`],
      [(await createCode({ starts_at: calendarDayPlus(today, -10), ends_at: calendarDayPlus(today, -1) })).code, 'Este código expirou.'],
      [(await createCode({ min_order: 30 })).code, `Este código só se aplica a encomendas a partir de ${formatCents(3000)}. Faltam ${formatCents(1000)}.`],
      [used.code, 'Este código já foi usado o número máximo de vezes.'],
    ];
    const count = async () => (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]?.n;
    for (const [code, message] of reasons) {
      const answer = (await totals(items, code.toLowerCase())).json();
      expect(answer, code).toMatchObject({ discount: 0, discount_error: message, totalWithTax: 26 });
      const ordersBefore = await count();
      const placed = await checkoutAnswer(ctx.app, items, { email: uniqueEmail(), discountCode: code });
      expect(placed.statusCode, code).toBe(400);
      expect(placed.json(), code).toMatchObject({ error: message, fields: { discount_code: message } });
      expect(await count(), code).toBe(ordersBefore);
    }
  });

  it('counts a customer\'s uses by her account and, for a guest, by her e-mail in any case', async () => {
    const p = await insertProduct(ctx, { priceCents: 2000, stock: 100 });
    const items = [{ product_id: p.id, quantity: 1 }];
    const once = await createCode({ max_uses_per_customer: 1 });
    const email = uniqueEmail('convidada');
    expect((await checkoutAnswer(ctx.app, items, { email, discountCode: once.code })).statusCode).toBe(201);
    const perCustomer = discountMessages.perCustomer;
    expect((await totals(items, once.code, { email: email.toUpperCase() })).json().discount_error).toBe(perCustomer);
    const second = await checkoutAnswer(ctx.app, items, { email: email.toUpperCase(), discountCode: once.code });
    expect(second.statusCode).toBe(400);
    expect(second.json().error).toBe(perCustomer);
    // Another guest may still use it.
    expect((await checkoutAnswer(ctx.app, items, { email: uniqueEmail(), discountCode: once.code })).statusCode).toBe(201);

    // A signed-in customer: by her account, whatever e-mail the order carries.
    const { cookie } = await signedInUser(ctx);
    expect((await checkoutAnswer(ctx.app, items, { cookie, email: uniqueEmail(), discountCode: once.code })).statusCode).toBe(201);
    const again = await checkoutAnswer(ctx.app, items, { cookie, email: uniqueEmail(), discountCode: once.code });
    expect(again.json().error).toBe(perCustomer);
    const cartAnswer = await ctx.app.inject({ method: 'POST', url: '/api/order/calculate-totals', headers: { cookie }, payload: { items, discount_code: once.code } });
    expect(cartAnswer.json().discount_error).toBe(perCustomer);
  });
});

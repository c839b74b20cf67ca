import { describe, expect, it } from 'vitest';
import { addressMessages, MAX_ADDRESSES, type SavedAddress } from '#shared/schemas/addresses.ts';
import { orderMessages } from '#shared/schemas/orders.ts';
import { signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { insertProduct, placeOrder } from '../../../../tests/helpers/shop.ts';
import { addresses } from '../../db/schema.ts';

/* The customer's address book (issue #12): their own addresses, one default, and the checkout remembering. */

const ctx = useTestApp();

const home = { name: 'Maria Silva', address: 'Rua das Flores 10', city: 'Lisboa', postal_code: '1100-200', phone: '912345678' };
const work = { name: 'Maria Silva', address: 'Avenida da Liberdade 200, 3.º', city: 'Lisboa', postal_code: '1250-096', phone: '213456789' };

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

const book = async (cookie: string) => {
  const res = await call('GET', '/user/addresses', cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SavedAddress[]>();
};

describe('address book', () => {
  it('keeps one default: the first address, then the one chosen; deleting it passes the default on', async () => {
    const { cookie } = await signedInUser(ctx);
    expect(await book(cookie)).toEqual([]);

    const first = await call('POST', '/user/addresses', cookie, home);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject([{ ...home, country: 'Portugal', is_default: true }]);

    const second = await call('POST', '/user/addresses', cookie, work);
    expect(second.json<SavedAddress[]>().map((a) => [a.address, a.is_default])).toEqual([
      [home.address, true],
      [work.address, false],
    ]);
    const workId = second.json<SavedAddress[]>()[1]!.id;

    const chosen = await call('PUT', `/user/addresses/${workId}`, cookie, { ...work, city: 'Lisboa ', is_default: true });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json<SavedAddress[]>().map((a) => [a.address, a.is_default])).toEqual([
      [work.address, true],
      [home.address, false],
    ]);

    const removed = await call('DELETE', `/user/addresses/${workId}`, cookie);
    expect(removed.json<SavedAddress[]>()).toMatchObject([{ address: home.address, is_default: true }]);
  });

  it("refuses bad fields in pt-PT, a full book, visitors, and another customer's address, changing nothing", async () => {
    const owner = await signedInUser(ctx);
    const other = await signedInUser(ctx);
    const bad = await call('POST', '/user/addresses', owner.cookie, { ...home, postal_code: '1100', phone: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ postal_code: orderMessages.postalCodeInvalid, phone: orderMessages.phoneInvalid });
    expect(await book(owner.cookie)).toEqual([]);

    expect((await call('GET', '/user/addresses')).statusCode).toBe(401);
    expect((await call('POST', '/user/addresses', undefined, home)).statusCode).toBe(401);

    const [mine] = (await call('POST', '/user/addresses', owner.cookie, home)).json<SavedAddress[]>();
    for (const attempt of [call('PUT', `/user/addresses/${mine!.id}`, other.cookie, work), call('DELETE', `/user/addresses/${mine!.id}`, other.cookie)]) {
      const res = await attempt;
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(addressMessages.notFound);
    }
    expect(await book(owner.cookie)).toMatchObject([{ ...home }]);
    expect(await book(other.cookie)).toEqual([]);

    for (let i = 1; i < MAX_ADDRESSES; i++) await call('POST', '/user/addresses', owner.cookie, { ...home, address: `Rua ${i}` });
    const full = await call('POST', '/user/addresses', owner.cookie, { ...home, address: 'Rua a mais' });
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toBe(addressMessages.tooMany);
    expect(await book(owner.cookie)).toHaveLength(MAX_ADDRESSES);
  });

  it("remembers a signed-in checkout's address once, as the default when it is the first; a guest's is not kept", async () => {
    const { user, cookie } = await signedInUser(ctx);
    const p = await insertProduct(ctx);
    await placeOrder(ctx, [{ product_id: p.id, quantity: 1 }], { cookie, details: { email: user.email } });
    await placeOrder(ctx, [{ product_id: p.id, quantity: 1 }], { cookie, details: { email: user.email, address: 'rua das flores 10' } });
    expect(await book(cookie)).toMatchObject([{ name: 'Maria Silva', address: 'Rua das Flores 10', city: 'Lisboa', postal_code: '1100-200', phone: '912345678', is_default: true }]);

    // A new address goes second; the default stays until the customer changes it.
    await placeOrder(ctx, [{ product_id: p.id, quantity: 1 }], { cookie, details: { email: user.email, address: 'Rua Nova 5', phone: '934567890' } });
    expect((await book(cookie)).map((a) => [a.address, a.phone, a.is_default])).toEqual([
      ['Rua das Flores 10', '912345678', true],
      ['Rua Nova 5', '934567890', false],
    ]);

    const kept = async () => (await ctx.database.db.select().from(addresses)).length;
    const before = await kept();
    const guestOrder = await placeOrder(ctx, [{ product_id: p.id, quantity: 1 }], { details: { address: 'Rua do Visitante 1' } });
    expect(guestOrder.user_id).toBeNull();
    expect(await kept()).toBe(before);
  });
});

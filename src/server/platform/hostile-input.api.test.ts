import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { signedInUser, useTestApp } from '../../../tests/helpers/app.ts';
import { insertProduct } from '../../../tests/helpers/shop.ts';
import { controlCharacterAt } from './validation.ts';

const ctx = useTestApp();

const count = async (table: string) =>
  Number(((await ctx.database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]?.n);

describe('controlCharacterAt', () => {
  it('finds a control character at its dotted path and lets tabs and new lines through', () => {
    expect(controlCharacterAt({ name: 'Maria', items: [{ note: 'a\u0000b' }] })).toBe('items.0.note');
    expect(controlCharacterAt({ message: 'Olá\n\tobrigada\r\n' })).toBeUndefined();
    expect(controlCharacterAt('\u001b[31m')).toBe('_');
  });
});

describe('hostile input gets a 400 in pt-PT and changes nothing', () => {
  it('refuses a NUL in a search, a registration, a contact message and a checkout', async () => {
    const search = await ctx.app.inject({ method: 'GET', url: '/api/product?q=%00' });
    expect(search.statusCode, search.body).toBe(400);
    expect(search.json()).toMatchObject({ message: messages.controlCharacters, fields: { q: messages.controlCharacters } });

    const users = await count('users');
    const register = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'Maria\u0000', email: 'maria.nul@example.pt', password: 'segredo123' },
    });
    expect(register.statusCode, register.body).toBe(400);
    expect(register.json().fields).toEqual({ username: messages.controlCharacters });
    expect(await count('users')).toBe(users);

    const contact = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Maria', email: 'maria@example.pt', subject: 'Olá', message: 'texto\u0000com NUL' },
    });
    expect(contact.statusCode, contact.body).toBe(400);

    const product = await insertProduct(ctx);
    const orders = await count('orders');
    const checkout = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: { items: [{ product_id: product.id, quantity: 1 }], name: 'Maria', address: 'Rua\u0000 1', email: 'm@example.pt' },
    });
    expect(checkout.statusCode, checkout.body).toBe(400);
    expect(await count('orders')).toBe(orders);
  });

  it('refuses a truncated multipart body and a mislabelled one on an admin upload', async () => {
    const { cookie } = await signedInUser(ctx, { isAdmin: true });
    const products = await count('products');
    // A file part cut off in the middle of its PNG, and a body said to be multipart that is not.
    const truncated = '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nCaderno\r\n--xyz\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG';
    const uploads = [
      { method: 'POST', url: '/api/product', type: 'multipart/form-data; boundary=xyz', payload: truncated },
      { method: 'PUT', url: '/api/image/Sobre', type: 'multipart/form-data', payload: 'isto não é um formulário' },
    ] as const;
    for (const { method, url, type, payload } of uploads) {
      const res = await ctx.app.inject({ method, url, headers: { cookie, 'content-type': type }, payload });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
    }
    expect(await count('products')).toBe(products);
  });
});

import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import type { CartAnswer } from '#shared/schemas/cart.ts';
import { useTestApp } from '../../../../tests/helpers/app.ts';
import { insertProduct } from '../../../../tests/helpers/shop.ts';

const ctx = useTestApp();

// Decision 0056: the storefront's buying controls are forms the server answers, on the cart cookie.

/** A form post as a browser sends it from the shop's own page (its pages send no referrer: the origin says null). */
const post = (url: string, form: Record<string, string | number | undefined>, cart?: string, from: 'same-origin' | 'cross-site' = 'same-origin') =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'null',
      'sec-fetch-site': from,
      ...(cart === undefined ? {} : { cookie: `cart=${cart}` }),
    },
    payload: new URLSearchParams(Object.entries(form).filter((entry): entry is [string, string | number] => entry[1] !== undefined).map(([key, value]) => [key, String(value)])).toString(),
  });

const cartCookie = (res: { cookies: { name: string; value: string }[] }) => res.cookies.find((cookie) => cookie.name === 'cart');

describe('the cart the server reads (decision 0056)', () => {
  it('adds a product from a form: the cookie holds the line, the answer sends the customer to the cart page', async () => {
    const product = await insertProduct(ctx, { name: 'Caixa de linho', priceCents: 1250, stock: 4 });
    const res = await post('/carrinho/adicionar', { product_id: product.id });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/carrinho?adicionado=${product.id}`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(cartCookie(res)).toMatchObject({ value: `${product.id}.0.1`, path: '/', sameSite: 'Lax' });
    expect(cartCookie(res)).not.toHaveProperty('httpOnly');

    // The same product again grows its line, never past the stock.
    const again = await post('/carrinho/adicionar', { product_id: product.id, quantity: 9 }, `${product.id}.0.1`);
    expect(cartCookie(again)?.value).toBe(`${product.id}.0.4`);
  });

  it('adds the variant chosen; without one the customer is sent to the product page to choose, and the cart is unchanged', async () => {
    const product = await insertProduct(ctx, {
      name: 'Planner',
      variants: [
        { name: 'Salva', priceCents: 1850, stock: 5, sku: 'PL-SALVA' },
        { name: 'Terracota', priceCents: 1850, stock: 0 },
      ],
    });
    const [salva, terracota] = product.variantRows;
    const added = await post('/carrinho/adicionar', { product_id: product.id, variant_id: salva?.id ?? 0, quantity: 2 }, '');
    expect(added.headers.location).toBe('/carrinho?adicionado=PL-SALVA');
    expect(cartCookie(added)?.value).toBe(`${product.id}.${salva?.id}.2`);

    for (const form of [{ product_id: product.id }, { product_id: product.id, variant_id: terracota?.id ?? 0 }]) {
      const refused = await post('/carrinho/adicionar', form, `${product.id}.${salva?.id}.2`);
      expect(refused.statusCode).toBe(303);
      expect(refused.headers.location).toBe(`/produtos/${product.id}`);
      expect(cartCookie(refused)).toBeUndefined();
    }
  });

  it('sends an unknown product to the list, and refuses a form that is not one of its own (400, pt-PT) or comes from another site (403)', async () => {
    const gone = await post('/carrinho/adicionar', { product_id: 999_999 });
    expect(gone.headers.location).toBe('/produtos');
    expect(cartCookie(gone)).toBeUndefined();

    const bad = await post('/carrinho/adicionar', { product_id: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/produtos do carrinho/);

    const product = await insertProduct(ctx, { name: 'Etiquetas' });
    const foreign = await post('/carrinho/adicionar', { product_id: product.id }, '', 'cross-site');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'FOREIGN_ORIGIN', message: messages.foreignOrigin });
    expect(cartCookie(foreign)).toBeUndefined();
  });

  it("sets a line's quantity within the stock, and removes it with «Remover» or a quantity of 0", async () => {
    const a = await insertProduct(ctx, { name: 'Cesto A', stock: 3 });
    const b = await insertProduct(ctx, { name: 'Cesto B', stock: 10 });
    const cart = `${a.id}.0.1_${b.id}.0.2`;
    const changed = await post('/carrinho/alterar', { product_id: a.id, quantity: 7 }, cart);
    expect(changed.statusCode).toBe(303);
    expect(changed.headers.location).toBe('/carrinho');
    expect(cartCookie(changed)?.value).toBe(`${a.id}.0.3_${b.id}.0.2`);

    expect(cartCookie(await post('/carrinho/alterar', { product_id: b.id, quantity: 0 }, cart))?.value).toBe(`${a.id}.0.1`);
    const removed = await post('/carrinho/remover', { product_id: a.id }, cart);
    expect(cartCookie(removed)?.value).toBe(`${b.id}.0.2`);
    // The last line removed leaves an empty cart, not no cart: the browser's copy follows it.
    expect(cartCookie(await post('/carrinho/remover', { product_id: a.id }, `${a.id}.0.1`))?.value).toBe('');
  });

  it("answers a cookie's lines with their prices, stock and totals; what is not for sale or unreadable is left out", async () => {
    const product = await insertProduct(ctx, { name: 'Separadores', priceCents: 390, stock: 6 });
    const planner = await insertProduct(ctx, { name: 'Planner B', variants: [{ name: 'Azul', priceCents: 1500, stock: 2 }] });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/cart?lines=${product.id}.0.3_999999.0.1_${planner.id}.0.1_${planner.id}.${planner.variantRows[0]?.id}.1_x` });
    expect(res.statusCode).toBe(400);

    const ok = await ctx.app.inject({ method: 'GET', url: `/api/cart?lines=${product.id}.0.3_999999.0.1_${planner.id}.0.1_${planner.id}.${planner.variantRows[0]?.id}.1` });
    expect(ok.statusCode).toBe(200);
    const answer = ok.json<CartAnswer>();
    expect(answer.lines).toBe(`${product.id}.0.3_${planner.id}.${planner.variantRows[0]?.id}.1`);
    expect(answer.items.map((item) => [item.name, item.variant?.name ?? null, item.quantity, item.price, item.stock])).toEqual([
      ['Separadores', null, 3, 3.9, 6],
      ['Planner B', 'Azul', 1, 15, 2],
    ]);
    expect(answer.totals).toMatchObject({ subtotalWithTax: 26.7, shippingCost: 6, totalWithTax: 32.7 });

    const empty = await ctx.app.inject({ method: 'GET', url: '/api/cart' });
    expect(empty.json()).toEqual({ lines: '', items: [], totals: null });
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { catalogMessages } from '#shared/schemas/catalog.ts';
import { messages } from '#shared/messages.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { restockMessages } from '#shared/schemas/restock.ts';
import { deliverMail, signedInUser, uniqueEmail, useTestApp } from '../../../../tests/helpers/app.ts';
import { multipart } from '../../../../tests/helpers/images.ts';
import { linkIn } from '../../../../tests/helpers/mailbox.ts';
import { insertProduct, putOrderStatus, shippingDetails } from '../../../../tests/helpers/shop.ts';
import { restockAlerts } from './tables.ts';

// "Avise-me quando voltar" (issue #30, decision 0043): double opt-in for a guest, at once for a signed-in
// customer, one mail per alert per return to stock, whichever way the stock comes back.

const ctx = useTestApp({ NEWSLETTER_RATE_LIMIT: '1000' });

const ask = (productId: number, payload: object, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/product/${productId}/restock-alert`, payload, headers: cookie ? { cookie } : {} });
const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const alertsOf = (email: string) => ctx.database.db.select().from(restockAlerts).where(eq(restockAlerts.email, email));
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

/** The mails of a return to stock an address got so far (after running the queue). */
async function backInStock(email: string) {
  await deliverMail(ctx);
  return ctx.mailbox.to(email).filter((m) => m.subject?.startsWith('Voltou a estar disponível'));
}

async function confirmations(email: string) {
  await deliverMail(ctx);
  return ctx.mailbox.to(email).filter((m) => m.subject?.startsWith('Confirme o aviso'));
}

/** A customer who asked with her own address while signed in: waiting at once. */
async function waitingCustomer(productId: number, variantId?: number) {
  const { user, cookie } = await signedInUser(ctx);
  const res = await ask(productId, { email: user.email, ...(variantId ? { variant_id: variantId } : {}) }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ message: restockMessages.subscribed });
  return user.email;
}

/** The admin's form for a product with two variants, each with the stock given (the variants keep their ids). */
function variantForm(product: Awaited<ReturnType<typeof insertProduct>>, stocks: [number, number]) {
  const variants = product.variantRows.map((v, i) => ({ id: v.id, name: v.name, price: '9,90', stock: stocks[i], sku: v.sku }));
  return multipart({ name: product.name, description: 'Caixa empilhável.', order: '1', price: '', stock: '', isDigital: 'false', hasVariants: 'true', variants: JSON.stringify(variants) });
}

const sellOut = async (productId: number, variantId: number, quantity: number) => {
  const totals = (await ctx.app.inject({ method: 'POST', url: '/api/order/calculate-totals', payload: { items: [{ product_id: productId, variant_id: variantId, quantity }] } })).json();
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/order',
    payload: {
      items: [{ product_id: productId, variant_id: variantId, quantity }],
      ...shippingDetails,
      payment_method: 'multibanco',
      shipping_cost: totals.shippingCost,
      total_price_without_tax: totals.totalPriceWithoutTax,
      total_tax: totals.totalTax,
      total_price_with_tax: totals.totalWithTax,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
};

describe('asking to be told when a sold-out product is back', () => {
  it('proves a guest address first (double opt-in), as the newsletter does', async () => {
    const product = await insertProduct(ctx, { name: 'Caixa de arrumação alta', stock: 0 });
    const email = uniqueEmail('convidada');
    const res = await ask(product.id, { email: email.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: restockMessages.checkEmail });
    const [row] = await alertsOf(email);
    expect(row).toMatchObject({ productId: product.id, variantId: null, status: 'pending' });
    expect(row?.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);

    const [mail, ...more] = await confirmations(email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('Confirme o aviso: Caixa de arrumação alta');
    const link = new URL(linkIn(mail));
    expect(link.origin + link.pathname).toBe('http://loja.test/avise-me/confirmar');

    // Not told of anything until confirmed; the owner counts it apart.
    const admin = await signedInUser(ctx, { isAdmin: true });
    expect((await get(`/api/product/${product.id}/restock-alert`, admin.cookie)).json()).toEqual({ waiting: 0, pending: 1, variants: [] });

    // Asking again within minutes: the same answer, no second link.
    expect((await ask(product.id, { email })).json()).toEqual({ message: restockMessages.checkEmail });
    expect(await confirmations(email)).toHaveLength(1);

    const confirmed = await get(`/api/restock-alert/confirm?token=${tokenOf(link.href)}`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ message: restockMessages.confirmed });
    expect((await alertsOf(email))[0]).toMatchObject({ status: 'waiting', confirmTokenHash: null });
    expect((await get(`/api/product/${product.id}/restock-alert`, admin.cookie)).json()).toEqual({ waiting: 1, pending: 0, variants: [] });

    // The link acts once.
    const again = await get(`/api/restock-alert/confirm?token=${tokenOf(link.href)}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(restockMessages.linkInvalid);
  });

  it('takes a signed-in customer at her word for her own address, and proves any other', async () => {
    const product = await insertProduct(ctx, { stock: 0 });
    const email = await waitingCustomer(product.id);
    expect((await alertsOf(email))[0]).toMatchObject({ status: 'waiting' });
    expect(await confirmations(email)).toHaveLength(0);

    const customer = await signedInUser(ctx);
    const other = uniqueEmail('amiga');
    expect((await ask(product.id, { email: other }, customer.cookie)).json()).toEqual({ message: restockMessages.checkEmail });
    expect((await alertsOf(other))[0]).toMatchObject({ status: 'pending' });
    expect(await confirmations(other)).toHaveLength(1);
  });

  it('refuses what cannot be waited for, with a pt-PT message, storing nothing', async () => {
    const inStock = await insertProduct(ctx, { stock: 3 });
    const digital = await insertProduct(ctx, { stock: 0, isDigital: true, link: 'https://example.pt/guia' });
    const withVariants = await insertProduct(ctx, { variants: [{ name: 'Azul', priceCents: 990, stock: 0 }] });
    const other = await insertProduct(ctx, { variants: [{ name: 'Verde', priceCents: 990, stock: 0 }] });
    const archived = await insertProduct(ctx, { stock: 0, archivedAt: new Date() });
    const email = uniqueEmail('recusada');
    const cases: [number, object, number, string][] = [
      [inStock.id, { email }, 409, restockMessages.inStock],
      [digital.id, { email }, 409, restockMessages.inStock],
      [withVariants.id, { email, variant_id: other.variantRows[0]!.id }, 400, restockMessages.variantUnknown],
      [withVariants.id, { email, variant_id: 'azul' }, 400, restockMessages.variantUnknown],
      [withVariants.id, { email: 'não é um email' }, 400, messages.emailInvalid],
      [archived.id, { email }, 404, catalogMessages.productNotFound],
      [2_000_000_000, { email }, 404, catalogMessages.productNotFound],
    ];
    for (const [id, payload, status, message] of cases) {
      const res = await ask(id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().error, JSON.stringify(payload)).toBe(message);
    }
    expect(await alertsOf(email)).toHaveLength(0);
    await deliverMail(ctx);
    expect(ctx.mailbox.to(email)).toHaveLength(0);
  });
});

describe('telling the waiting customers, once per return to stock', () => {
  it('tells each alert of the variant (or the whole product) once when the owner restocks it, and again after it sells out and a cancelled order returns it', async () => {
    const admin = await signedInUser(ctx, { isAdmin: true });
    const product = await insertProduct(ctx, {
      name: 'Caixa empilhável',
      variants: [
        { name: 'Pequena', priceCents: 990, stock: 0, sku: `CX-P-${Date.now()}` },
        { name: 'Grande', priceCents: 1490, stock: 0, sku: `CX-G-${Date.now()}` },
      ],
    });
    const [small, large] = product.variantRows as [(typeof product.variantRows)[0], (typeof product.variantRows)[0]];
    const forSmall = await waitingCustomer(product.id, small.id);
    const forLarge = await waitingCustomer(product.id, large.id);
    const forAny = await waitingCustomer(product.id);
    expect((await get(`/api/product/${product.id}/restock-alert`, admin.cookie)).json()).toEqual({
      waiting: 3,
      pending: 0,
      variants: expect.arrayContaining([
        { variant_id: small.id, waiting: 1 },
        { variant_id: large.id, waiting: 1 },
      ]),
    });

    // The owner puts 2 small boxes back: the small box's and the whole product's customers are told.
    const put = await ctx.app.inject({ method: 'PUT', url: `/api/product/${product.id}`, headers: { cookie: admin.cookie }, payload: variantForm(product, [2, 0]) });
    expect(put.statusCode, put.body).toBe(200);
    const [mail] = await backInStock(forSmall);
    expect(mail?.subject).toBe('Voltou a estar disponível: Caixa empilhável (Pequena)');
    expect(linkIn(mail)).toBe(`http://loja.test/produtos/${product.id}`);
    expect(mail?.text).toContain('http://loja.test/avise-me/cancelar?token=');
    expect(await backInStock(forAny)).toHaveLength(1);
    expect(await backInStock(forLarge)).toHaveLength(0);
    expect((await get(`/api/product/${product.id}/restock-alert`, admin.cookie)).json()).toMatchObject({ waiting: 1 });

    // Saving the form again while it is in stock is no new return: nothing more.
    await ctx.app.inject({ method: 'PUT', url: `/api/product/${product.id}`, headers: { cookie: admin.cookie }, payload: variantForm(product, [5, 0]) });
    expect(await backInStock(forSmall)).toHaveLength(1);

    // Sold out by an order, then back when the owner cancels it: one more mail each.
    const order = await sellOut(product.id, small.id, 5);
    expect((await alertsOf(forSmall))[0]).toMatchObject({ status: 'waiting', round: 1 });
    expect((await putOrderStatus(ctx, admin.cookie, order, 'cancelled')).statusCode).toBe(200);
    expect(await backInStock(forSmall)).toHaveLength(2);
    expect(await backInStock(forAny)).toHaveLength(2);
    expect(await backInStock(forLarge)).toHaveLength(0);
  });

  it('tells a waiting customer when an import puts the product back in stock', async () => {
    const admin = await signedInUser(ctx, { isAdmin: true });
    const product = await insertProduct(ctx, { name: 'Organizador de gavetas', description: 'Divisórias.', stock: 0, priceCents: 1250, displayOrder: 2 });
    const email = await waitingCustomer(product.id);
    const header = 'ID;Nome;Descrição;Tipo;Variante;SKU;Preço com IVA;Stock;Ordem;Link de acesso;Estado';
    const csv = `\uFEFF${header}\r\n${product.id};Organizador de gavetas;Divisórias.;Físico;;;12,50;4;2;;À venda\r\n`;
    const res = await ctx.app.inject({ method: 'POST', url: '/api/product/import', headers: { cookie: admin.cookie }, payload: { csv, dryRun: false } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imported: true, updates: 1 });
    const mails = await backInStock(email);
    expect(mails.map((m) => m.subject)).toEqual(['Voltou a estar disponível: Organizador de gavetas']);
  });

  it('sends nothing when the item sells out again before the mail leaves, and tells at the next return', async () => {
    const admin = await signedInUser(ctx, { isAdmin: true });
    const product = await insertProduct(ctx, { variants: [{ name: 'Única', priceCents: 990, stock: 0, sku: `UN-${Date.now()}` }] });
    const variant = product.variantRows[0]!;
    const email = await waitingCustomer(product.id, variant.id);
    const restock = (stock: number) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/product/${product.id}`,
        headers: { cookie: admin.cookie },
        payload: multipart({ name: product.name, description: 'x', order: '1', price: '', stock: '', isDigital: 'false', hasVariants: 'true', variants: JSON.stringify([{ id: variant.id, name: 'Única', price: '9,90', stock, sku: variant.sku }]) }),
      });
    // Back and sold out again before the queue runs: the mail would announce what is gone.
    expect((await restock(1)).statusCode).toBe(200);
    await sellOut(product.id, variant.id, 1);
    expect(await backInStock(email)).toHaveLength(0);
    expect((await alertsOf(email))[0]).toMatchObject({ status: 'waiting' });
    expect((await restock(3)).statusCode).toBe(200);
    expect(await backInStock(email)).toHaveLength(1);
  });

  it('tells at once an alert confirmed after its item came back', async () => {
    const product = await insertProduct(ctx, { stock: 0 });
    const email = uniqueEmail('tardia');
    await ask(product.id, { email });
    const [link] = (await confirmations(email)).map((m) => linkIn(m));
    await ctx.database.db.transaction(async (tx) => {
      const { products } = await import('./tables.ts');
      await tx.update(products).set({ stock: 2 }).where(eq(products.id, product.id));
    });
    const res = await get(`/api/restock-alert/confirm?token=${tokenOf(link!)}`);
    expect(res.json()).toEqual({ message: restockMessages.confirmedBackAlready });
    expect(await backInStock(email)).toHaveLength(1);
  });

  it('stops for good with the link in the mail, and says so again when the link is followed twice', async () => {
    const admin = await signedInUser(ctx, { isAdmin: true });
    const product = await insertProduct(ctx, { name: 'Cesto de vime', description: 'Cesto.', stock: 0 });
    const email = await waitingCustomer(product.id);
    const form = (stock: string) => multipart({ name: 'Cesto de vime', description: 'Cesto.', order: '0', price: '20,00', stock, isDigital: 'false', hasVariants: 'false' });
    await ctx.app.inject({ method: 'PUT', url: `/api/product/${product.id}`, headers: { cookie: admin.cookie }, payload: form('1') });
    const [mail] = await backInStock(email);
    const stopLink = mail?.text?.match(/http:\/\/loja\.test\/avise-me\/cancelar\?token=\S+/)?.[0] ?? '';
    const stop = await get(`/api/restock-alert/stop?token=${tokenOf(stopLink)}`);
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json()).toEqual({ message: restockMessages.stopped });
    expect((await get(`/api/restock-alert/stop?token=${tokenOf(stopLink)}`)).json()).toEqual({ message: restockMessages.alreadyStopped });
    expect((await get('/api/restock-alert/stop?token=desconhecido')).statusCode).toBe(400);

    await ctx.app.inject({ method: 'PUT', url: `/api/product/${product.id}`, headers: { cookie: admin.cookie }, payload: form('0') });
    await ctx.app.inject({ method: 'PUT', url: `/api/product/${product.id}`, headers: { cookie: admin.cookie }, payload: form('4') });
    expect(await backInStock(email)).toHaveLength(1);
    expect((await alertsOf(email))[0]).toMatchObject({ status: 'stopped' });
  });
});

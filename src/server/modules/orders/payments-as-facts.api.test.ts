import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Order, orderMessages } from '#shared/schemas/orders.ts';
import { fill } from '#shared/messages.ts';
import { invoicingMessages } from '#shared/schemas/invoicing.ts';
import { deliverMail, signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { ifthenpayEnv, paidCallbackUrl, useFakeIfthenpay } from '../../../../tests/helpers/fake-ifthenpay.ts';
import { insertProduct, placeOrder, putOrderStatus } from '../../../../tests/helpers/shop.ts';
import { products } from '../catalog/tables.ts';
import { paymentCallbacks, payments } from '../payments/tables.ts';
import { orders } from './tables.ts';

/* issue #12: a payment is a fact recorded by the gateway or by "Marcar como paga", never by a status. */

const fake = useFakeIfthenpay();
const ctx = useTestApp(() => ({ ...ifthenpayEnv(fake), SHOP_EMAIL: 'loja@example.pt' }));

const stockOf = async (id: number) => (await ctx.database.db.select().from(products).where(eq(products.id, id)))[0]?.stock;
const orderRow = async (id: number) => (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentsOf = (orderId: number) => ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
const subjectsTo = (email: string) => ctx.mailbox.to(email).map((m) => m.subject);

async function adminCookie() {
  return (await signedInUser(ctx, { isAdmin: true })).cookie;
}

/** The admin's PUT /order/{id} with the order as it is, only the status changed. */
async function setStatus(cookie: string, order: Order, status: Order['status']) {
  const res = await putOrderStatus(ctx, cookie, order, status);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Order>();
}

const markPaid = (cookie: string, id: number, payload: object = { method: 'transfer', note: 'Transferência de 12/11' }) =>
  ctx.app.inject({ method: 'POST', url: `/api/order/${id}/mark-paid`, headers: { cookie }, payload });

const cancelAsCustomer = (cookie: string, id: number) => ctx.app.inject({ method: 'PUT', url: `/api/order/${id}/cancel`, headers: { cookie } });

async function digitalProduct() {
  return insertProduct(ctx, { name: 'Guia de arrumação (PDF)', isDigital: true, stock: 100, link: 'https://exemplo.pt/guia.pdf' });
}

describe('a status is not a payment', () => {
  it('moving an unpaid order to Em Processamento, Enviada and Entregue records no payment, mails none and reveals no link', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const admin = await adminCookie();
    const pdf = await digitalProduct();
    const box = await insertProduct(ctx);
    const order = await placeOrder(ctx, [{ product_id: pdf.id, quantity: 1 }, { product_id: box.id, quantity: 1 }], { cookie, details: { email: user.email } });

    let seen = order;
    for (const status of ['processing', 'shipped', 'delivered'] as const) {
      seen = await setStatus(admin, seen, status);
      expect(seen.paid_at).toBeNull();
      expect(seen.orderItems.find((i) => i.product.isDigital)?.product.link).toBeNull();
    }
    expect((await orderRow(order.id)).paidAt).toBeNull();
    const customerView = (await ctx.app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: { cookie } })).json<Order>();
    expect(customerView.orderItems.find((i) => i.product.isDigital)?.product.link).toBeNull();
    await deliverMail(ctx);
    expect(subjectsTo(user.email)).not.toContain(`Pagamento recebido: encomenda n.º ${order.id}`);
    expect(subjectsTo(user.email)).toContain(`Encomenda n.º ${order.id}: Enviada`);
  });

  it('an admin order created as Em Processamento is not paid, and the customer is mailed how to pay', async () => {
    const { user } = await signedInUser(ctx);
    const admin = await adminCookie();
    const box = await insertProduct(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/order/createOrder',
      headers: { cookie: admin },
      payload: { user_id: user.id, payment_method: 'multibanco', shipping_address: 'Rua A 1, Lisboa', phone: '912345678', status: 'processing', items: [{ product_id: box.id, quantity: 1 }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Order>().paid_at).toBeNull();
    // The customer is told of an order the shop made for them, with where to follow and pay it.
    await deliverMail(ctx);
    const mail = ctx.mailbox.to(user.email).find((m) => m.subject === `Recebemos a sua encomenda n.º ${res.json<Order>().id}`);
    // A Multibanco order: the mail carries the reference to pay it from the bank's app.
    expect(mail?.text).toMatch(/Entidade: \d{5}\. Referência: \d{3} \d{3} \d{3}\./);
    expect(mail?.text).toContain('Também pode pagar por MB WAY na página da encomenda.');
    expect(mail?.text).toContain(`http://loja.test/minhas-encomendas/${res.json<Order>().id}`);
  });
});

describe('Marcar como paga', () => {
  it('records how, when and by whom, moves the order on, voids its open reference, mails the receipt with the link', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const admin = await adminCookie();
    const pdf = await digitalProduct();
    const order = await placeOrder(ctx, [{ product_id: pdf.id, quantity: 1 }], { cookie, details: { email: user.email } });
    const reference = await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', headers: { cookie }, payload: { order_id: order.id, phone_number: '912345678' } });
    expect(reference.statusCode, reference.body).toBe(200);

    const res = await markPaid(admin, order.id);
    expect(res.statusCode, res.body).toBe(200);
    const paid = res.json<Order>();
    expect(paid).toMatchObject({ status: 'processing', paid_method: 'transfer', paid_note: 'Transferência de 12/11' });
    expect(paid.paid_at).not.toBeNull();
    expect(paid.orderItems[0]?.product.link).toBe('https://exemplo.pt/guia.pdf');
    const row = await orderRow(order.id);
    expect(row.paidBy).not.toBeNull();
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['canceled']);

    // The customer sees how it was paid, never the owner's note.
    const mine = (await ctx.app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: { cookie } })).json<Order>();
    expect(mine).toMatchObject({ paid_method: 'transfer', paid_note: null });

    await deliverMail(ctx);
    const receipt = ctx.mailbox.to(user.email).find((m) => m.subject === `Pagamento recebido: encomenda n.º ${order.id}`);
    expect(receipt?.text).toContain('https://exemplo.pt/guia.pdf');

    // The voided reference paid anyway: flagged as a second payment for the owner, the order unchanged.
    const [voided] = await paymentsOf(order.id);
    const late = await ctx.app.inject({
      method: 'GET',
      url: paidCallbackUrl(voided!),
    });
    expect(late.statusCode).toBe(200);
    const [flag] = await ctx.database.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.paymentId, voided!.id));
    expect(flag).toMatchObject({ outcome: 'not_pending', needsAttention: true });
    expect((await orderRow(order.id)).paidMethod).toBe('transfer');
    await deliverMail(ctx);
    expect(subjectsTo(user.email).filter((s) => s === `Pagamento recebido: encomenda n.º ${order.id}`)).toHaveLength(1);
  });

  it('refuses a paid or cancelled order, a bad method, and anyone but an admin', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const admin = await adminCookie();
    const box = await insertProduct(ctx);
    const order = await placeOrder(ctx, [{ product_id: box.id, quantity: 1 }], { cookie, details: { email: user.email } });

    expect((await markPaid(cookie, order.id)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/order/${order.id}/mark-paid`, payload: { method: 'cash' } })).statusCode).toBe(401);
    const bad = await markPaid(admin, order.id, { method: 'bitcoin' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.method).toBe(orderMessages.manualMethod);
    expect((await orderRow(order.id)).paidAt).toBeNull();

    expect((await markPaid(admin, order.id, { method: 'cash' })).statusCode).toBe(200);
    const twice = await markPaid(admin, order.id, { method: 'cash' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(orderMessages.alreadyPaid);

    const other = await placeOrder(ctx, [{ product_id: box.id, quantity: 1 }], { cookie, details: { email: user.email } });
    expect((await cancelAsCustomer(cookie, other.id)).statusCode).toBe(200);
    const cancelled = await markPaid(admin, other.id);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error).toBe(orderMessages.cancelledNotPayable);
  });
});

describe('cancelling a paid order owes a refund', () => {
  it('by the customer before it ships: refund due, stock back once, in the dashboard until marked refunded', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const admin = await adminCookie();
    const box = await insertProduct(ctx, { priceCents: 2500, stock: 5 });
    // 2 × 25,00 € and 6,00 € of shipping: the refund is everything paid.
    const order = await placeOrder(ctx, [{ product_id: box.id, quantity: 2 }], { cookie, details: { email: user.email } });
    expect(await stockOf(box.id)).toBe(3);
    expect((await markPaid(admin, order.id)).statusCode).toBe(200);

    const cancel = await cancelAsCustomer(cookie, order.id);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json<Order>()).toMatchObject({ status: 'cancelled', refund_due: 56, refunded_at: null, cancellable: false });
    expect(await stockOf(box.id)).toBe(5);
    expect((await cancelAsCustomer(cookie, order.id)).statusCode).toBe(409);
    expect(await stockOf(box.id)).toBe(5);

    const due = await ctx.app.inject({ method: 'GET', url: '/api/order/refunds', headers: { cookie: admin } });
    expect(due.statusCode).toBe(200);
    expect(due.json().refunds).toContainEqual(expect.objectContaining({ order_id: order.id, email: user.email, amount: 56 }));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/order/refunds', headers: { cookie } })).statusCode).toBe(403);

    await deliverMail(ctx);
    const cancelledMail = ctx.mailbox.to(user.email).find((m) => m.subject === `Encomenda n.º ${order.id}: Cancelada`);
    expect(cancelledMail?.text).toContain('Vamos devolver-lhe 56,00');

    // The owner transferred everything back: both units and the shipping.
    const [line] = cancel.json<Order>().orderItems;
    const everything = { method: 'transfer', lines: [{ item_id: line?.id, quantity: 2 }], shipping: true, iban: 'PT50 0002 0123 1234 5678 9015 4', transferred_on: '2026-11-20', note: 'Transferência feita' };
    const refund = await ctx.app.inject({ method: 'POST', url: `/api/order/${order.id}/refund`, headers: { cookie: admin }, payload: everything });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json<Order>()).toMatchObject({ refunded_total: 56, refunds: [expect.objectContaining({ amount: 56, method: 'transfer', iban: 'PT50000201231234567890154' })] });
    expect(refund.json<Order>().refunded_at).not.toBeNull();
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/order/refunds', headers: { cookie: admin } })).json();
    expect(after.refunds.map((r: { order_id: number }) => r.order_id)).not.toContain(order.id);
    const again = await ctx.app.inject({ method: 'POST', url: `/api/order/${order.id}/refund`, headers: { cookie: admin }, payload: everything });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(fill(invoicingMessages.refundQuantity, { name: line?.product.name ?? '', left: 0 }));
    await deliverMail(ctx);
    expect(subjectsTo(user.email)).toContain(`Reembolso da encomenda n.º ${order.id}`);

    // A refunded order stays cancelled, and stays: it is a sale and its refund, kept for the accounts.
    const reopen = await setStatusRaw(admin, order.id, 'processing');
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().error).toBe(orderMessages.refundedStaysCancelled);
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/order/${order.id}`, headers: { cookie: admin } });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error).toBe(orderMessages.paidNotDeletable);
    expect(await stockOf(box.id)).toBe(5);
  });

  it('by the admin after it shipped: refund due and stock back; an unpaid cancellation owes nothing', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const admin = await adminCookie();
    const box = await insertProduct(ctx, { priceCents: 1000, stock: 4 });
    const order = await placeOrder(ctx, [{ product_id: box.id, quantity: 1 }], { cookie, details: { email: user.email } });
    await markPaid(admin, order.id);
    const shipped = await setStatus(admin, (await readOrder(admin, order.id)), 'shipped');
    expect((await cancelAsCustomer(cookie, order.id)).statusCode).toBe(409);
    const cancelled = await setStatus(admin, shipped, 'cancelled');
    expect(cancelled).toMatchObject({ status: 'cancelled', refund_due: 16 });
    expect(await stockOf(box.id)).toBe(4);

    const unpaid = await placeOrder(ctx, [{ product_id: box.id, quantity: 1 }], { cookie, details: { email: user.email } });
    const gone = await cancelAsCustomer(cookie, unpaid.id);
    expect(gone.json<Order>()).toMatchObject({ status: 'cancelled', refund_due: null });
  });

  it('a customer cannot cancel a paid order whose digital link was delivered, and the order says why', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const admin = await adminCookie();
    const pdf = await digitalProduct();
    const order = await placeOrder(ctx, [{ product_id: pdf.id, quantity: 1 }], { cookie, details: { email: user.email } });
    expect(order).toMatchObject({ cancellable: true, cancel_block_reason: null });
    await markPaid(admin, order.id);
    const mine = (await ctx.app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: { cookie } })).json<Order>();
    expect(mine).toMatchObject({ cancellable: false, cancel_block_reason: orderMessages.digitalDelivered });
    const res = await cancelAsCustomer(cookie, order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(orderMessages.digitalDelivered);
    expect((await orderRow(order.id)).status).toBe('processing');
  });
});

async function setStatusRaw(cookie: string, id: number, status: string) {
  return putOrderStatus(ctx, cookie, await readOrder(cookie, id), status);
}

async function readOrder(cookie: string, id: number) {
  return (await ctx.app.inject({ method: 'GET', url: `/api/order/${id}`, headers: { cookie } })).json<Order>();
}

describe('a sale that took money is kept', () => {
  const deleteOrder = (cookie: string, id: number) => ctx.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: { cookie } });

  it('refuses to delete a paid order, or a cancelled one that was paid, with the reason; an unpaid one goes', async () => {
    const admin = await adminCookie();
    const box = await insertProduct(ctx, { priceCents: 890, stock: 5 });
    const paid = await placeOrder(ctx, [{ product_id: box.id, quantity: 1 }]);
    expect((await markPaid(admin, paid.id)).statusCode).toBe(200);
    const refused = await deleteOrder(admin, paid.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(orderMessages.paidNotDeletable);
    expect(await orderRow(paid.id)).toMatchObject({ status: 'processing' });

    const cancelled = await setStatus(admin, await readOrder(admin, paid.id), 'cancelled');
    expect(cancelled.refund_due).toBe(14.9);
    expect((await deleteOrder(admin, paid.id)).statusCode).toBe(409);
    expect(await orderRow(paid.id)).toMatchObject({ status: 'cancelled', refundDueCents: 1490 });

    const unpaid = await placeOrder(ctx, [{ product_id: box.id, quantity: 2 }]);
    expect(await stockOf(box.id)).toBe(3);
    const deleted = await deleteOrder(admin, unpaid.id);
    expect(deleted.statusCode).toBe(200);
    expect(await ctx.database.db.select().from(orders).where(eq(orders.id, unpaid.id))).toHaveLength(0);
    expect(await stockOf(box.id)).toBe(5);
  });
});

import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoicingMessages } from '#shared/schemas/invoicing.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { deliverMail, signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { ifthenpayEnv, paidCallbackUrl, useFakeIfthenpay } from '../../../../tests/helpers/fake-ifthenpay.ts';
import { invoiceXpressEnv } from '../../../../tests/helpers/fake-invoicexpress.ts';
import { useFakeInvoiceXpress } from '../../../../tests/helpers/invoicing.ts';
import { insertProduct, placeOrder } from '../../../../tests/helpers/shop.ts';
import { payments } from '../payments/tables.ts';
import { fiscalDocuments } from './tables.ts';

// The invoice PDF route redirects only to the provider's own address (issue #26: it followed whatever the
// provider answered, `javascript:` and other hosts included, and a CR/LF gave Node's raw 500).

const gateway = useFakeIfthenpay();
const provider = useFakeInvoiceXpress();
const ctx = useTestApp(() => ({ ...ifthenpayEnv(gateway), ...invoiceXpressEnv(provider) }));

/** A customer's paid order with its fatura-recibo issued: her cookie and the PDF route of the invoice. */
async function invoicedOrder() {
  const { cookie } = await signedInUser(ctx);
  const box = await insertProduct(ctx, { priceCents: 2500, stock: 50 });
  const order = await placeOrder(ctx, [{ product_id: box.id, quantity: 1 }], { cookie });
  expect((await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', headers: { cookie }, payload: { order_id: order.id } })).statusCode).toBe(200);
  const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, order.id));
  expect((await ctx.app.inject({ method: 'GET', url: paidCallbackUrl(payment!) })).statusCode).toBe(200);
  await ctx.database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE done_at IS NULL AND failed_at IS NULL`);
  await deliverMail(ctx);
  const mine = (await ctx.app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: { cookie } })).json<Order>();
  expect(mine.invoice?.pdf_url).toBeTruthy();
  return { cookie, orderId: order.id, pdfRoute: `/api${mine.invoice!.pdf_url}` };
}

describe('the invoice PDF redirect', () => {
  it("follows the provider's own link", async () => {
    const { cookie, pdfRoute } = await invoicedOrder();
    const res = await ctx.app.inject({ method: 'GET', url: pdfRoute, headers: { cookie } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(new RegExp(`^${provider.url}/documents/\\d+\\.pdf$`));
  });

  it('refuses javascript:, http:, another host and a CR/LF with the pt-PT 502, and keeps none of them', async () => {
    const host = new URL(provider.url).host;
    const links = [
      'javascript:alert(document.cookie)',
      'http://evil.example/documents/1.pdf',
      'https://evil.example/documents/1.pdf',
      `https://${host}.evil.example/documents/1.pdf`,
      `${provider.url}/documents/1.pdf\r\nSet-Cookie: loja_session=roubada`,
    ];
    // The provider answers a bad link from the start: nothing verified is stored to fall back on.
    provider.pdfLink = links[0];
    const { cookie, orderId, pdfRoute } = await invoicedOrder();
    for (const link of links) {
      provider.pdfLink = link;
      const res = await ctx.app.inject({ method: 'GET', url: pdfRoute, headers: { cookie } });
      expect(res.statusCode, link).toBe(502);
      expect(res.headers.location).toBeUndefined();
      expect(String(res.headers['set-cookie'] ?? '')).not.toContain('roubada');
      expect(res.json()).toMatchObject({ error: invoicingMessages.pdfRefused });
    }
    const [stored] = await ctx.database.db.select().from(fiscalDocuments).where(eq(fiscalDocuments.orderId, orderId));
    expect(stored?.pdfUrl).toBeNull();

    // Once the provider answers its own link again, it is followed (and kept).
    provider.pdfLink = undefined;
    const fixed = await ctx.app.inject({ method: 'GET', url: pdfRoute, headers: { cookie } });
    expect(fixed.statusCode).toBe(302);
    expect(fixed.headers.location).toMatch(new RegExp(`^${provider.url}/documents/\\d+\\.pdf$`));
  });

  it('does not follow a bad link stored before this rule either', async () => {
    const { cookie, orderId, pdfRoute } = await invoicedOrder();
    await ctx.database.db.update(fiscalDocuments).set({ pdfUrl: 'javascript:alert(1)' }).where(eq(fiscalDocuments.orderId, orderId));
    provider.down = true;
    const res = await ctx.app.inject({ method: 'GET', url: pdfRoute, headers: { cookie } });
    provider.down = false;
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ error: invoicingMessages.pdfRefused });
  });
});

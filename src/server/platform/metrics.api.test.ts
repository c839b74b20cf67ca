import { describe, expect, it } from 'vitest';
import { deliverMail, signedInUser, useTestApp } from '../../../tests/helpers/app.ts';
import { insertProduct, placeOrder } from '../../../tests/helpers/shop.ts';

const TOKEN = 'um-token-de-metricas-bem-comprido';
const ctx = useTestApp({ METRICS_TOKEN: TOKEN });

const scrape = (options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  ctx.app.inject({ method: 'GET', url: '/metrics', ...options });

/** The value of one sample, e.g. value(text, 'loja_payments_started_total{method="multibanco"}'). */
function value(text: string, sample: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${sample} `));
  return line ? Number(line.slice(sample.length + 1)) : 0;
}

describe('GET /metrics (issue #31)', () => {
  it('answers this machine in Prometheus text format, and others only with the bearer token', async () => {
    const local = await scrape();
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toContain('text/plain; version=0.0.4');

    const outside = await scrape({ remoteAddress: '203.0.113.7' });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().error).toBe('Não tem permissão para realizar esta ação.');
    expect(outside.body).not.toContain('process_resident_memory_bytes');
    // Through a proxy on this machine the request is an outsider's: the proxy says so in X-Forwarded-For.
    expect((await scrape({ headers: { 'x-forwarded-for': '198.51.100.4' } })).statusCode).toBe(403);
    expect((await scrape({ remoteAddress: '203.0.113.7', headers: { authorization: 'Bearer outro-token-qualquer-comprido' } })).statusCode).toBe(403);
    const withToken = await scrape({ remoteAddress: '203.0.113.7', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('process_resident_memory_bytes');
  });

  it('has the process, the requests by route and status, the queue, the pool and the invoices waiting', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/product' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/product/999999' })).statusCode).toBe(404);
    const text = (await scrape()).body;
    for (const name of ['process_resident_memory_bytes', 'nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes', 'loja_db_pool_in_use', 'loja_invoices_waiting']) {
      expect(text, name).toMatch(new RegExp(`^${name} `, 'm'));
    }
    // The process's start to the millisecond (an upgrade tells two processes on one socket apart by it).
    expect(value(text, 'loja_process_start_time_seconds')).toBe(performance.timeOrigin / 1000);
    expect(value(text, 'loja_http_request_duration_seconds_count{method="GET",route="/api/product",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'loja_http_request_duration_seconds_count{method="GET",route="/api/product/:id",status="404"}')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('loja_http_request_duration_seconds_bucket{le="0.2",method="GET",route="/api/product",status="200"}');
  });

  it('counts payments started and confirmed by method, refused callbacks, mails sent, and the queue by kind', async () => {
    await deliverMail(ctx);
    const before = (await scrape()).body;
    const inbox = ctx.mailbox.received.length;
    const { cookie } = await signedInUser(ctx);
    const product = await insertProduct(ctx, { priceCents: 1500, stock: 5, minPriceCents: 1500 });
    const order = await placeOrder(ctx, [{ product_id: product.id, quantity: 1 }], { cookie, method: 'multibanco' });
    const queued = (await scrape()).body;
    // The order-received mail's job waits in the queue until the runner takes it.
    expect(queued).toMatch(/^loja_jobs_queued\{kind="payment\.multibanco-order-mail"\} 1$/m);
    expect(queued).toMatch(/^loja_jobs_oldest_age_seconds\{kind="payment\.multibanco-order-mail"\} \d/m);

    const start = await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', headers: { cookie }, payload: { order_id: order.id } });
    expect(start.statusCode, start.body).toBe(200);
    const { entity, reference } = start.json();
    const paid = await ctx.app.inject({ method: 'POST', url: '/api/payment/sandbox/multibanco', payload: { entity, reference, amount: 21 } });
    expect(paid.statusCode, paid.body).toBe(200);
    const forged = await ctx.app.inject({ method: 'GET', url: `/api/payment/callback?key=chave-errada-de-alguem&orderId=1&amount=21` });
    // Answered 200 so ifthenpay stops retrying (#27), but counted as not accepted.
    expect(forged.statusCode).toBe(200);
    await deliverMail(ctx);

    const after = (await scrape()).body;
    const grew = (sample: string) => value(after, sample) - value(before, sample);
    expect(grew('loja_payments_started_total{method="multibanco"}')).toBe(1);
    expect(grew('loja_payments_confirmed_total{method="multibanco"}')).toBe(1);
    expect(grew('loja_payment_callbacks_refused_total{reason="bad_key"}')).toBe(1);
    // Every message the mailbox received was counted once.
    expect(ctx.mailbox.received.length - inbox).toBeGreaterThanOrEqual(1);
    expect(grew('loja_mails_total{outcome="sent"}')).toBe(ctx.mailbox.received.length - inbox);
    // Nothing due is left (the payment's expiry is queued for later, not due).
    expect(after).not.toMatch(/^loja_jobs_queued\{/m);
  });
});

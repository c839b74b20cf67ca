import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { multibancoReference } from '../../src/server/modules/payments/multibanco-reference.ts';

export const FAKE_KEYS = { mbKey: 'ABC-123456', mbWayKey: 'XYZ-654321', callbackKey: 'anti-phishing-key-for-tests', backofficeKey: '1111-2222-3333-4444' };
export const FAKE_ENTITY = '11249';

type PaymentRow = { gatewayOrderId: string; amountCents: number; requestId: string | null; entity: string | null; reference: string | null };

/** The address of the callback ifthenpay sends when this payment (reference or MB WAY request) is paid. */
export function paidCallbackUrl(payment: PaymentRow, overrides: Record<string, string> = {}) {
  const params = {
    key: FAKE_KEYS.callbackKey,
    orderId: payment.gatewayOrderId,
    amount: (payment.amountCents / 100).toFixed(2),
    requestId: payment.requestId ?? '',
    ...(payment.entity ? { entity: payment.entity, reference: payment.reference ?? '' } : {}),
    payment_datetime: '22-11-2026 10:15:00',
    ...overrides,
  };
  return `/api/payment/callback?${new URLSearchParams(params).toString()}`;
}

type MbwayRequest = { requestId: string; orderId: string; amount: string; mobileNumber: string; email: string; description: string; status: string };

const readJson = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, string>;
};

/**
 * A stand-in for ifthenpay's API on loopback: Multibanco dynamic references (with real check digits),
 * MB WAY requests whose status the test sets, and an outage switch.
 */
export function useFakeIfthenpay() {
  const state = {
    url: '',
    down: false,
    /** Set to make the next MB WAY request be refused (e.g. '999': the number has no MB WAY). */
    refuseMbway: undefined as string | undefined,
    references: [] as { orderId: string; amount: string; expiryDays: string; entity: string; reference: string; requestId: string }[],
    mbway: [] as MbwayRequest[],
    /** MB WAY refunds asked of the refund API. */
    refunds: [] as { requestId: string; amount: string }[],
    /** Set to make the next refunds be refused with this message. */
    refuseRefund: undefined as string | undefined,
    setMbwayStatus(requestId: string, status: string) {
      const request = state.mbway.find((r) => r.requestId === requestId);
      if (!request) throw new Error(`no MB WAY request ${requestId}`);
      request.status = status;
    },
  };
  let counter = 0;
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    void (async () => {
      if (state.down) return send(500, { Message: 'Internal error' });
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method === 'POST' && url.pathname === '/multibanco/reference/init') {
        const body = await readJson(req);
        if (body.mbKey !== FAKE_KEYS.mbKey) return send(200, { Status: '-1', Message: 'Invalid key' });
        if (!/^\d+\.\d{2}$/.test(body.amount ?? '')) return send(200, { Status: '-1', Message: 'Invalid amount' });
        const cents = Math.round(Number(body.amount) * 100);
        const requestId = `mb${++counter}`;
        const reference = multibancoReference(FAKE_ENTITY, '999', String(counter), cents);
        state.references.push({ orderId: body.orderId ?? '', amount: body.amount ?? '', expiryDays: body.expiryDays ?? '', entity: FAKE_ENTITY, reference, requestId });
        return send(200, { Amount: body.amount, Entity: FAKE_ENTITY, ExpiryDate: '24-11-2026', Message: 'Success', OrderId: body.orderId, Reference: reference, RequestId: requestId, Status: '0' });
      }
      if (req.method === 'POST' && url.pathname === '/spg/payment/mbway') {
        const body = await readJson(req);
        if (body.mbWayKey !== FAKE_KEYS.mbWayKey) return send(200, { Status: '999', Message: 'Invalid key' });
        if (state.refuseMbway) return send(200, { Status: state.refuseMbway, Message: 'Refused', RequestId: '' });
        const requestId = `mw${++counter}`;
        state.mbway.push({
          requestId,
          orderId: body.orderId ?? '',
          amount: body.amount ?? '',
          mobileNumber: body.mobileNumber ?? '',
          email: body.email ?? '',
          description: body.description ?? '',
          status: '123',
        });
        return send(200, { Amount: body.amount, Message: 'Pending', OrderId: body.orderId, RequestId: requestId, Status: '000' });
      }
      if (req.method === 'GET' && url.pathname === '/spg/payment/mbway/status') {
        if (url.searchParams.get('mbWayKey') !== FAKE_KEYS.mbWayKey) return send(200, { Status: '999', Message: 'Invalid key' });
        const request = state.mbway.find((r) => r.requestId === url.searchParams.get('requestId'));
        if (!request) return send(200, { Status: '999', Message: 'Not found' });
        return send(200, { CreatedAt: '22-11-2026 10:00:00', Message: 'ok', RequestId: request.requestId, Status: request.status });
      }
      if (req.method === 'POST' && url.pathname === '/endpoint/payments/refund') {
        const body = await readJson(req);
        if (body.backofficekey !== FAKE_KEYS.backofficeKey) return send(200, { Code: '-1', Message: 'Invalid backoffice key' });
        if (state.refuseRefund) return send(200, { Code: '-1', Message: state.refuseRefund });
        const paid = state.mbway.find((r) => r.requestId === body.requestId && r.status === '000');
        if (!paid) return send(200, { Code: '-1', Message: 'Payment not found' });
        const given = state.refunds.filter((r) => r.requestId === body.requestId).reduce((sum, r) => sum + Number(r.amount), 0);
        if (given + Number(body.amount) > Number(paid.amount) + 1e-9) return send(200, { Code: '-1', Message: 'Amount exceeds payment' });
        state.refunds.push({ requestId: body.requestId ?? '', amount: body.amount ?? '' });
        return send(200, { Code: '1', Message: 'Success' });
      }
      return send(404, { Message: 'Not found' });
    })();
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return state;
}

/** The environment that points the app's ifthenpay adapter at the fake. */
export const ifthenpayEnv = (fake: { url: string }) => ({
  PAYMENT_GATEWAY: 'ifthenpay',
  IFTHENPAY_BASE_URL: fake.url,
  IFTHENPAY_MB_KEY: FAKE_KEYS.mbKey,
  IFTHENPAY_MBWAY_KEY: FAKE_KEYS.mbWayKey,
  PAYMENT_CALLBACK_KEY: FAKE_KEYS.callbackKey,
  IFTHENPAY_REFUND_URL: `${fake.url}/endpoint/payments/refund`,
  IFTHENPAY_BACKOFFICE_KEY: FAKE_KEYS.backofficeKey,
});

import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import callbackDoc from '../../src/server/modules/payments/ifthenpay-documented/callback.json' with { type: 'json' };
import mbwayRequestDoc from '../../src/server/modules/payments/ifthenpay-documented/mbway-request.json' with { type: 'json' };
import mbwayStatusDoc from '../../src/server/modules/payments/ifthenpay-documented/mbway-status.json' with { type: 'json' };
import referenceDoc from '../../src/server/modules/payments/ifthenpay-documented/multibanco-reference.json' with { type: 'json' };
import ccardDoc from '../../src/server/modules/payments/ifthenpay-documented/ccard-init.json' with { type: 'json' };
import payshopDoc from '../../src/server/modules/payments/ifthenpay-documented/payshop-reference.json' with { type: 'json' };
import refundDoc from '../../src/server/modules/payments/ifthenpay-documented/refund.json' with { type: 'json' };
import { expiryDateText } from '../../src/server/modules/payments/lisbon-days.ts';
import { multibancoReference } from '../../src/server/modules/payments/multibanco-reference.ts';

export const FAKE_KEYS = {
  mbKey: 'ABC-123456',
  mbWayKey: 'XYZ-654321',
  callbackKey: 'anti-phishing-key-for-tests',
  backofficeKey: '1111-2222-3333-4444',
  ccardKey: 'CCK-123456',
  payshopKey: 'PSK-654321',
};
export const FAKE_ENTITY = '11249';

type PaymentRow = { gatewayOrderId: string; amountCents: number; requestId: string | null; entity: string | null; reference: string | null };

/** The address of the callback ifthenpay sends when this payment (reference or MB WAY request) is paid (ifthenpay-documented/callback.json). */
export function paidCallbackUrl(payment: PaymentRow, overrides: Record<string, string> = {}) {
  const params = {
    key: FAKE_KEYS.callbackKey,
    orderId: payment.gatewayOrderId,
    amount: (payment.amountCents / 100).toFixed(2),
    requestId: payment.requestId ?? '',
    ...(payment.entity ? { entity: payment.entity, reference: payment.reference ?? '' } : payment.reference ? { reference: payment.reference } : {}),
    payment_datetime: callbackDoc.example.mbway.payment_datetime,
    ...overrides,
  };
  return `/api/payment/callback?${new URLSearchParams(params).toString()}`;
}

type MbwayRequest = { requestId: string; orderId: string; amount: string; mobileNumber: string; email: string; description: string; status: string };
type Json = Record<string, unknown>;

/*
 * The request bodies as the documentation shows them (ifthenpay-documented/*.json): the example's keys,
 * which keys must be there, and of which JSON type each is. Anything else is refused (400, the stand-in's
 * own answer: the documentation gives none for a body of another shape).
 */
type Shape = { keys: string[]; required: string[]; numbers?: string[] };
const SHAPES = {
  reference: { keys: Object.keys(referenceDoc.request), required: ['mbKey', 'orderId', 'amount'], numbers: ['expiryDays'] },
  mbway: { keys: Object.keys(mbwayRequestDoc.request), required: ['mbWayKey', 'orderId', 'amount', 'mobileNumber'] },
  refund: { keys: Object.keys(refundDoc.request), required: ['backofficekey', 'requestId', 'amount'] },
  card: { keys: Object.keys(ccardDoc.request), required: ['orderId', 'amount', 'successUrl', 'errorUrl', 'cancelUrl'] },
  payshop: { keys: Object.keys(payshopDoc.request), required: ['payshopkey', 'id', 'valor'] },
} satisfies Record<string, Shape>;

/** ccard-init.json: "must be a valid key" (ITP-000000: three letters, a dash, six digits). */
const KEY = /^[A-Z]{3}-\d{6}$/;
/** ccard-init.json: amount at most 10 characters; each URL a valid URL of 200 characters at most. */
const cardRefusal = (body: Json) =>
  text(body, 'orderId').length > 25 || !AMOUNT.test(text(body, 'amount')) || text(body, 'amount').length > 10
    ? 'orderId or amount out of the documented range'
    : ['successUrl', 'errorUrl', 'cancelUrl'].some((k) => text(body, k).length > 200 || !URL.canParse(text(body, k)))
      ? 'a return URL is not a valid URL of 200 characters at most'
      : body.language !== undefined && body.language !== null && body.language !== 'pt'
        ? 'language must be pt'
        : null;

/** "1234.56": the documented "decimal separator \".\"" with cents. */
const AMOUNT = /^\d+\.\d{2}$/;
/** ifthenpay-documented/multibanco-reference.json: "Accepted values in days: 0, 1, 2, 3, 4, 5... up to 31, 45, 60, 90, 120, 180, 365, 730". */
const EXPIRY_DAYS = new Set([...Array.from({ length: 32 }, (_, i) => i), 45, 60, 90, 120, 180, 365, 730]);

function shapeRefusal(body: Json | null, shape: Shape): string | null {
  if (!body) return 'body is not a JSON object';
  const unknown = Object.keys(body).filter((k) => !shape.keys.includes(k));
  if (unknown.length) return `undocumented field(s): ${unknown.join(', ')}`;
  const missing = shape.required.filter((k) => body[k] === undefined || body[k] === '');
  if (missing.length) return `missing: ${missing.join(', ')}`;
  for (const [k, v] of Object.entries(body)) {
    const number = shape.numbers?.includes(k);
    if (number ? typeof v !== 'number' : typeof v !== 'string' && v !== null) return `${k} must be ${number ? 'a number' : 'text'}`;
  }
  return null;
}

async function readJson(req: IncomingMessage): Promise<Json | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Json) : null;
  } catch {
    return null;
  }
}

const text = (body: Json, key: string) => (typeof body[key] === 'string' ? (body[key] as string) : '');

/**
 * A stand-in for ifthenpay's API on loopback, answering as its documentation shows
 * (src/server/modules/payments/ifthenpay-documented/): Multibanco dynamic references (with real check
 * digits and an ExpiryDate counted in Lisbon days), MB WAY requests whose status the test sets (123,
 * "Request not found", for one it never had), refunds; an outage switch and a slow-answer switch. Every
 * body not of the documented shape is refused and kept in `refused`.
 */
export function useFakeIfthenpay() {
  const state = {
    url: '',
    down: false,
    /** Milliseconds the next MB WAY start waits before it answers (the request is registered at once, as the phone gets it). */
    mbwayDelayMs: 0,
    /** Set to make the next MB WAY request be refused (e.g. '122': declined to the user). */
    refuseMbway: undefined as string | undefined,
    /** Set to answer this ExpiryDate instead of the one counted from expiryDays. */
    expiryDate: undefined as string | undefined,
    references: [] as { orderId: string; amount: string; expiryDays: number | undefined; entity: string; reference: string; requestId: string; expiryDate: string }[],
    mbway: [] as MbwayRequest[],
    /** MB WAY refunds asked of the refund API. */
    refunds: [] as { requestId: string; amount: string }[],
    /** Set to make the next refunds be refused with this message. */
    refuseRefund: undefined as string | undefined,
    /** Card pages opened (ccard-init.json); a test marks one paid before its callback. */
    cards: [] as { requestId: string; orderId: string; amount: string; successUrl: string; errorUrl: string; cancelUrl: string; status: 'pending' | 'paid' }[],
    /** Set to make the next card page be refused with this Status. */
    refuseCard: undefined as string | undefined,
    /** Payshop references issued (payshop-reference.json). */
    payshop: [] as { requestId: string; id: string; valor: string; validade: string | null; reference: string }[],
    /** Set to answer the next Payshop requests with this Code as a number (the documents do not say text or number). */
    payshopNumericCode: false,
    payCard(requestId: string) {
      const card = state.cards.find((c) => c.requestId === requestId);
      if (!card) throw new Error(`no card payment ${requestId}`);
      card.status = 'paid';
    },
    /** Bodies refused for their shape: the adapter sent something the documentation does not show. */
    refused: [] as { path: string; reason: string }[],
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
      const refuse = (reason: string) => {
        state.refused.push({ path: url.pathname, reason });
        return send(400, { Message: `stand-in: ${reason}` });
      };
      if (req.method === 'POST' && url.pathname === '/multibanco/reference/init') {
        const body = await readJson(req);
        const wrong = shapeRefusal(body, SHAPES.reference);
        if (wrong || !body) return refuse(wrong ?? 'no body');
        const days = body.expiryDays as number | undefined;
        if (!AMOUNT.test(text(body, 'amount')) || text(body, 'orderId').length > 25 || (days !== undefined && !EXPIRY_DAYS.has(days))) return refuse('amount, orderId or expiryDays out of the documented range');
        if (body.mbKey !== FAKE_KEYS.mbKey) return send(200, { ...referenceDoc.answer, Status: '-1', Message: 'Invalid key', Entity: '', Reference: '', RequestId: '' });
        const cents = Math.round(Number(body.amount) * 100);
        const requestId = `mb${++counter}`;
        const reference = multibancoReference(FAKE_ENTITY, '999', String(counter), cents);
        const expiryDate = state.expiryDate ?? (days === undefined ? '' : expiryDateText(days));
        state.references.push({ orderId: text(body, 'orderId'), amount: text(body, 'amount'), expiryDays: days, entity: FAKE_ENTITY, reference, requestId, expiryDate });
        return send(200, { ...referenceDoc.answer, Amount: body.amount, Entity: FAKE_ENTITY, ExpiryDate: expiryDate, OrderId: body.orderId, Reference: reference, RequestId: requestId });
      }
      if (req.method === 'POST' && url.pathname === '/spg/payment/mbway') {
        const body = await readJson(req);
        const wrong = shapeRefusal(body, SHAPES.mbway);
        if (wrong || !body) return refuse(wrong ?? 'no body');
        if (text(body, 'orderId').length > 15 || text(body, 'email').length > 100 || text(body, 'description').length > 100 || !AMOUNT.test(text(body, 'amount'))) {
          return refuse('orderId, email, description or amount over the documented limits');
        }
        if (!/^(\d{1,3}#)?\d{6,12}$/.test(text(body, 'mobileNumber'))) return refuse('mobileNumber not as documented (351#912345678, 34#912345678)');
        if (body.mbWayKey !== FAKE_KEYS.mbWayKey) return send(200, { ...mbwayRequestDoc.answer, Status: '999', Message: 'Invalid key', RequestId: '' });
        if (state.refuseMbway) return send(200, { ...mbwayRequestDoc.answer, Status: state.refuseMbway, Message: 'Refused', RequestId: '' });
        const requestId = `mw${++counter}`;
        state.mbway.push({
          requestId,
          orderId: text(body, 'orderId'),
          amount: text(body, 'amount'),
          mobileNumber: text(body, 'mobileNumber'),
          email: text(body, 'email'),
          description: text(body, 'description'),
          status: 'pending',
        });
        if (state.mbwayDelayMs) await new Promise((resolve) => setTimeout(resolve, state.mbwayDelayMs));
        return send(200, { ...mbwayRequestDoc.answer, Amount: body.amount, OrderId: body.orderId, RequestId: requestId });
      }
      if (req.method === 'GET' && url.pathname === '/spg/payment/mbway/status') {
        const query = Object.fromEntries(url.searchParams);
        const wrong = shapeRefusal(query, { keys: Object.keys(mbwayStatusDoc.request), required: ['mbWayKey', 'requestId'] });
        if (wrong) return refuse(wrong);
        if (query.mbWayKey !== FAKE_KEYS.mbWayKey) return send(200, { ...mbwayStatusDoc.answer, Status: '999', Message: 'Invalid key' });
        const request = state.mbway.find((r) => r.requestId === query.requestId);
        // 123: "Request not found".
        if (!request) return send(200, { ...mbwayStatusDoc.answer, RequestId: query.requestId, Status: '123', Message: 'Request not found' });
        // A request nobody answered yet: the documented table has no code for it (mbway-status.json), so none.
        if (request.status === 'pending') return send(200, { ...mbwayStatusDoc.answer, RequestId: request.requestId, Status: '', Message: 'Pending' });
        return send(200, { ...mbwayStatusDoc.answer, RequestId: request.requestId, Status: request.status });
      }
      const cardKey = /^\/creditcard\/init\/([^/]+)$/.exec(url.pathname)?.[1];
      if (req.method === 'POST' && cardKey !== undefined) {
        const body = await readJson(req);
        const wrong = shapeRefusal(body, SHAPES.card) ?? (body && cardRefusal(body));
        if (wrong || !body) return refuse(wrong ?? 'no body');
        const key = decodeURIComponent(cardKey);
        if (!KEY.test(key)) return refuse('the card key in the address is not ITP-000000 shaped');
        const unauthorized = ccardDoc.refusals[0] as Json;
        if (key !== FAKE_KEYS.ccardKey) return send(200, unauthorized);
        if (state.refuseCard) return send(200, { ...unauthorized, Status: state.refuseCard });
        const requestId = `cc${++counter}`;
        state.cards.push({ requestId, orderId: text(body, 'orderId'), amount: text(body, 'amount'), successUrl: text(body, 'successUrl'), errorUrl: text(body, 'errorUrl'), cancelUrl: text(body, 'cancelUrl'), status: 'pending' });
        return send(200, { ...ccardDoc.answer, PaymentUrl: `https://ifthenpay.example/ccard/${requestId}`, RequestId: requestId });
      }
      if (req.method === 'POST' && url.pathname === '/payshop/reference/') {
        const body = await readJson(req);
        const wrong = shapeRefusal(body, SHAPES.payshop);
        if (wrong || !body) return refuse(wrong ?? 'no body');
        if (text(body, 'id').length > 25 || !AMOUNT.test(text(body, 'valor')) || (body.validade !== null && body.validade !== undefined && !/^\d{8}$/.test(text(body, 'validade')))) {
          return refuse('id, valor or validade (yyyymmdd) not as documented');
        }
        const invalidKey = payshopDoc.refusals[0] as Json;
        if (body.payshopkey !== FAKE_KEYS.payshopKey) return send(200, invalidKey);
        const requestId = `ps${++counter}`;
        const reference = String(1_000_000_000_000 + counter);
        state.payshop.push({ requestId, id: text(body, 'id'), valor: text(body, 'valor'), validade: (body.validade as string | null | undefined) ?? null, reference });
        return send(200, { ...payshopDoc.answer, ...(state.payshopNumericCode ? { Code: 0 } : {}), Reference: reference, RequestId: requestId });
      }
      if (req.method === 'POST' && url.pathname === '/endpoint/payments/refund') {
        const body = await readJson(req);
        const wrong = shapeRefusal(body, SHAPES.refund);
        if (wrong || !body) return refuse(wrong ?? 'no body');
        if (!AMOUNT.test(text(body, 'amount'))) return refuse('amount not as "2.00"');
        const [insufficient, failed] = refundDoc.refusals as [{ Code: number; Message: string }, { Code: number; Message: string }];
        if (body.backofficekey !== FAKE_KEYS.backofficeKey) return send(200, { ...failed, Message: 'Invalid backoffice key' });
        if (state.refuseRefund) return send(200, { ...insufficient, Message: state.refuseRefund });
        // "This API only allows refunds of MB WAY payments and Credit Cards" (refund.json).
        const paid = state.mbway.find((r) => r.requestId === body.requestId && r.status === '000') ?? state.cards.find((c) => c.requestId === body.requestId && c.status === 'paid');
        if (!paid) return send(200, { ...failed, Message: 'Payment not found' });
        const given = state.refunds.filter((r) => r.requestId === body.requestId).reduce((sum, r) => sum + Number(r.amount), 0);
        if (given + Number(body.amount) > Number(paid.amount) + 1e-9) return send(200, { ...failed, Message: 'Amount exceeds payment' });
        state.refunds.push({ requestId: text(body, 'requestId'), amount: text(body, 'amount') });
        return send(200, refundDoc.answer);
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

/** The same, with cards and Payshop configured too (issue #27). */
export const ifthenpayCardPayshopEnv = (fake: { url: string }) => ({
  ...ifthenpayEnv(fake),
  IFTHENPAY_CCARD_KEY: FAKE_KEYS.ccardKey,
  IFTHENPAY_PAYSHOP_KEY: FAKE_KEYS.payshopKey,
  IFTHENPAY_PAYSHOP_URL: `${fake.url}/payshop/reference/`,
});

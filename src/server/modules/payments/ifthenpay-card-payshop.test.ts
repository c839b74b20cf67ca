import { afterEach, describe, expect, it } from 'vitest';
import { FAKE_KEYS, useFakeIfthenpay } from '../../../../tests/helpers/fake-ifthenpay.ts';
import { rejectionOf } from '../../../../tests/helpers/rejections.ts';
import { GatewayError } from './gateway.ts';
import ccardDoc from './ifthenpay-documented/ccard-init.json' with { type: 'json' };
import payshopDoc from './ifthenpay-documented/payshop-reference.json' with { type: 'json' };
import { ifthenpayGateway } from './ifthenpay.ts';

/* Card pages and Payshop references, call by call, against the stand-in that answers as ifthenpay's SDK documents them. */

const fake = useFakeIfthenpay();
const adapter = (keys: { card?: boolean; payshop?: boolean } = { card: true, payshop: true }, timeoutMs?: number) =>
  ifthenpayGateway({
    baseUrl: fake.url,
    mbKey: FAKE_KEYS.mbKey,
    mbWayKey: FAKE_KEYS.mbWayKey,
    ccardKey: keys.card ? FAKE_KEYS.ccardKey : undefined,
    payshop: keys.payshop ? { url: `${fake.url}/payshop/reference/`, key: FAKE_KEYS.payshopKey } : undefined,
    callbackKey: FAKE_KEYS.callbackKey,
    timeoutMs,
  });

afterEach(() => expect(fake.refused).toEqual([]));

const failure = (promise: Promise<unknown>) => rejectionOf(promise, GatewayError);

const returnUrls = { success: 'https://loja.example/pagamento/cartao/sucesso/42', error: 'https://loja.example/pagamento/cartao/erro/42', cancel: 'https://loja.example/pagamento/cartao/cancelado/42' };

describe('card payment page (ccard-init.json)', () => {
  it('sends the documented body with the key in the address, and answers the PaymentUrl and RequestId', async () => {
    const opened = await adapter().startCard({ gatewayOrderId: '42Cabcdef0123', amountCents: 2050, returnUrls });
    const sent = fake.cards.at(-1)!;
    expect(sent).toMatchObject({ orderId: '42Cabcdef0123', amount: '20.50', successUrl: returnUrls.success, errorUrl: returnUrls.error, cancelUrl: returnUrls.cancel });
    expect(opened).toEqual({ requestId: sent.requestId, paymentUrl: `https://ifthenpay.example/ccard/${sent.requestId}` });
    expect(Object.keys(ccardDoc.request).sort()).toEqual(['amount', 'cancelUrl', 'errorUrl', 'language', 'orderId', 'successUrl']);
  });

  it('reads a Status other than "0" as a refusal (the SDK\'s "Unauthorized request" and "999")', async () => {
    for (const status of ['-1', '999']) {
      fake.refuseCard = status;
      expect((await failure(adapter().startCard({ gatewayOrderId: '42C1', amountCents: 100, returnUrls }))).refused).toBe(true);
    }
    fake.refuseCard = undefined;
  });

  it('refuses to send without the card key, and reads an outage as unavailable (not a refusal)', async () => {
    expect((await failure(adapter({}).startCard({ gatewayOrderId: '42C2', amountCents: 100, returnUrls }))).refused).toBe(true);
    fake.down = true;
    expect((await failure(adapter().startCard({ gatewayOrderId: '42C3', amountCents: 100, returnUrls }))).refused).toBe(false);
    fake.down = false;
  });

  it('offers cards and Payshop only with their keys', () => {
    expect(adapter().offers).toEqual({ card: true, payshop: true });
    expect(adapter({}).offers).toEqual({ card: false, payshop: false });
  });
});

describe('Payshop references (payshop-reference.json)', () => {
  it('sends payshopkey, id, valor and validade (yyyymmdd), and answers the 13-digit Reference and its RequestId', async () => {
    const issued = await adapter().createPayshopReference({ gatewayOrderId: '42P3', amountCents: 50, lastDay: '20261130' });
    const sent = fake.payshop.at(-1)!;
    expect(sent).toMatchObject({ id: '42P3', valor: '0.50', validade: '20261130' });
    expect(issued).toEqual({ reference: sent.reference, requestId: sent.requestId });
    expect(issued.reference).toMatch(/^\d{13}$/);
    expect(Object.keys(payshopDoc.request).sort()).toEqual(['id', 'payshopkey', 'validade', 'valor']);
  });

  it('reads Code "0" as text or as a number (both forms accepted: the documents do not say which)', async () => {
    fake.payshopNumericCode = true;
    const issued = await adapter().createPayshopReference({ gatewayOrderId: '42P4', amountCents: 1000, lastDay: '20261130' });
    expect(issued.reference).toBe(fake.payshop.at(-1)!.reference);
    fake.payshopNumericCode = false;
  });

  it('reads an invalid key\'s Code as a refusal, and needs its key', async () => {
    const wrongKey = ifthenpayGateway({ baseUrl: fake.url, mbKey: FAKE_KEYS.mbKey, mbWayKey: FAKE_KEYS.mbWayKey, payshop: { url: `${fake.url}/payshop/reference/`, key: 'PSK-000000' }, callbackKey: FAKE_KEYS.callbackKey });
    expect((await failure(wrongKey.createPayshopReference({ gatewayOrderId: '42P5', amountCents: 100, lastDay: '20261130' }))).refused).toBe(true);
    expect((await failure(adapter({}).createPayshopReference({ gatewayOrderId: '42P6', amountCents: 100, lastDay: '20261130' }))).refused).toBe(true);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { FAKE_ENTITY, FAKE_KEYS, useFakeIfthenpay } from '../../../../tests/helpers/fake-ifthenpay.ts';
import { rejectionOf } from '../../../../tests/helpers/rejections.ts';
import { GatewayError } from './gateway.ts';
import callbackDoc from './ifthenpay-documented/callback.json' with { type: 'json' };
import mbwayRequestDoc from './ifthenpay-documented/mbway-request.json' with { type: 'json' };
import referenceDoc from './ifthenpay-documented/multibanco-reference.json' with { type: 'json' };
import { ifthenpayGateway } from './ifthenpay.ts';
import { expiryDateText, referenceDeadline } from './lisbon-days.ts';

/* The adapter call by call against the stand-in that answers as ifthenpay's documentation shows (ifthenpay-documented/). */

const fake = useFakeIfthenpay();
const adapter = (timeoutMs?: number) =>
  ifthenpayGateway({
    baseUrl: fake.url,
    mbKey: FAKE_KEYS.mbKey,
    mbWayKey: FAKE_KEYS.mbWayKey,
    callbackKey: FAKE_KEYS.callbackKey,
    refunds: { url: `${fake.url}/endpoint/payments/refund`, backofficeKey: FAKE_KEYS.backofficeKey },
    timeoutMs,
  });

// The adapter never sent a body the documentation does not show.
afterEach(() => expect(fake.refused).toEqual([]));

const failure = (promise: Promise<unknown>) => rejectionOf(promise, GatewayError);

describe('Multibanco dynamic references (multibanco-reference.json)', () => {
  it('sends the documented body, expiryDays as a number, and reads the reference and its ExpiryDate', async () => {
    const issued = await adapter().createMultibancoReference({ gatewayOrderId: '42P1', amountCents: 2950, expiryDays: 2 });
    const sent = fake.references.at(-1)!;
    expect(sent).toMatchObject({ orderId: '42P1', amount: '29.50', expiryDays: 2 });
    expect(issued).toEqual({ entity: FAKE_ENTITY, reference: sent.reference, requestId: sent.requestId, expiryDate: expiryDateText(2) });
    // The day ifthenpay answers is payable to its 23:59 in Lisbon.
    expect(referenceDeadline(issued.expiryDate)!.getTime()).toBeGreaterThan(Date.now() + 24 * 3600_000);
  });

  it('reads the documentation’s own answer, and one without a deadline', async () => {
    expect(referenceDeadline(referenceDoc.answer.ExpiryDate)?.toISOString()).toBe('2026-12-01T23:59:59.999Z');
    expect(referenceDeadline(referenceDoc.answerWithoutExpiry.ExpiryDate)).toBeNull();
    fake.expiryDate = '';
    try {
      expect((await adapter().createMultibancoReference({ gatewayOrderId: '42P2', amountCents: 100, expiryDays: 0 })).expiryDate).toBeNull();
    } finally {
      fake.expiryDate = undefined;
    }
  });

  it('treats a refusal (Status other than "0") as refused, an outage as unreachable', async () => {
    const refused = adapter();
    const wrongKey = ifthenpayGateway({ baseUrl: fake.url, mbKey: 'nope', mbWayKey: 'nope', callbackKey: FAKE_KEYS.callbackKey });
    expect((await failure(wrongKey.createMultibancoReference({ gatewayOrderId: '1P1', amountCents: 100, expiryDays: 1 }))).refused).toBe(true);
    fake.down = true;
    try {
      expect((await failure(refused.createMultibancoReference({ gatewayOrderId: '1P1', amountCents: 100, expiryDays: 1 }))).refused).toBe(false);
    } finally {
      fake.down = false;
    }
  });
});

describe('MB WAY payment request (mbway-request.json)', () => {
  it('sends the documented body: the number with its country code, e-mail and description within 100 characters', async () => {
    const { requestId } = await adapter().startMbway({ gatewayOrderId: '42P7', amountCents: 10_050, mobile: '912345678', email: 'maria@example.pt', description: 'd'.repeat(140) });
    expect(fake.mbway.at(-1)).toMatchObject({ requestId, orderId: '42P7', amount: '100.50', mobileNumber: '351#912345678', email: 'maria@example.pt' });
    expect(fake.mbway.at(-1)!.description).toHaveLength(100);

    const long = `${'a'.repeat(95)}@example.pt`;
    await adapter().startMbway({ gatewayOrderId: '42P8', amountCents: 100, mobile: '+34612345678', email: long, description: 'Encomenda n.º 42' });
    // "34#912345678" is the documentation's foreign number; an address over the documented 100 is not sent (it is optional).
    expect(fake.mbway.at(-1)).toMatchObject({ mobileNumber: '34#612345678', email: '' });
    expect(mbwayRequestDoc.request.mobileNumber).toBe('351#912345678');
  });

  it('reads the answer codes: 000 sent; 100, 122 and 999 refused', async () => {
    for (const code of ['100', '122', '999']) {
      fake.refuseMbway = code;
      try {
        expect((await failure(adapter().startMbway({ gatewayOrderId: '42P9', amountCents: 100, mobile: '912345678', email: '', description: 'x' }))).refused).toBe(true);
      } finally {
        fake.refuseMbway = undefined;
      }
    }
  });

  it('gives up after its timeout without knowing whether the request went out (not a refusal)', async () => {
    fake.mbwayDelayMs = 400;
    try {
      const err = await failure(adapter(100).startMbway({ gatewayOrderId: '42P10', amountCents: 100, mobile: '912345678', email: '', description: 'x' }));
      expect(err.refused).toBe(false);
      // The stand-in got it, as the phone would have.
      expect(fake.mbway.at(-1)!.orderId).toBe('42P10');
    } finally {
      fake.mbwayDelayMs = 0;
    }
  });
});

describe('MB WAY status (mbway-status.json)', () => {
  it('reads 000, 020, 101, 122 as final; 123 "Request not found" ends the attempt; a request still waiting is pending', async () => {
    const { requestId } = await adapter().startMbway({ gatewayOrderId: '42P11', amountCents: 100, mobile: '912345678', email: '', description: 'x' });
    expect(await adapter().mbwayStatus(requestId)).toBe('pending');
    for (const [code, status] of [
      ['000', 'paid'],
      ['020', 'rejected'],
      ['101', 'expired'],
      ['122', 'failed'],
    ] as const) {
      fake.setMbwayStatus(requestId, code);
      expect(await adapter().mbwayStatus(requestId)).toBe(status);
    }
    expect(await adapter().mbwayStatus('never-sent')).toBe('failed');
  });
});

describe('refunds (refund.json)', () => {
  it('sends backofficekey, requestId and amount; Code 1 is done, -1 and 0 are refusals with their message', async () => {
    const { requestId } = await adapter().startMbway({ gatewayOrderId: '42P12', amountCents: 2000, mobile: '912345678', email: '', description: 'x' });
    fake.setMbwayStatus(requestId, '000');
    await adapter().refundMbway({ requestId, amountCents: 500 });
    expect(fake.refunds.at(-1)).toEqual({ requestId, amount: '5.00' });
    fake.refuseRefund = 'Insufficient funds';
    try {
      const err = await failure(adapter().refundMbway({ requestId, amountCents: 500 }));
      expect(err).toMatchObject({ refused: true, message: 'Insufficient funds' });
    } finally {
      fake.refuseRefund = undefined;
    }
    expect((await failure(adapter().refundMbway({ requestId: 'unknown', amountCents: 100 }))).message).toBe('Payment not found');
  });
});

describe('callbacks (callback.json)', () => {
  it('reads the documentation’s examples with the right key, and nothing with another', () => {
    const key = callbackDoc.example.mbway.key;
    const gateway = ifthenpayGateway({ baseUrl: fake.url, mbKey: 'k', mbWayKey: 'k', callbackKey: key });
    expect(gateway.parseCallback(callbackDoc.example.mbway)).toEqual({ gatewayOrderId: '01', amountCents: 50, requestId: 'tid000000109', entity: null, reference: null });
    expect(gateway.parseCallback(callbackDoc.example.multibanco)).toEqual({ gatewayOrderId: '01', amountCents: 50, requestId: 'tid000000109', entity: '12345', reference: '000000109' });
    expect(gateway.parseCallback({ ...callbackDoc.example.mbway, key: 'other' })).toBeNull();
    expect(callbackDoc.parameters).toEqual(['key', 'orderId', 'amount', 'requestId', 'entity', 'reference', 'payment_datetime']);
  });
});

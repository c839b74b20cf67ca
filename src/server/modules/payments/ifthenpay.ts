import { gatewayMobileNumber } from '#shared/schemas/mbway-phone.ts';
import type { MbwayStatus } from '#shared/schemas/payments.ts';
import { GatewayError, gatewayAmount, parseIfthenpayCallback, type PaymentGateway } from './gateway.ts';
import { cardAndPayshop } from './ifthenpay-card-payshop.ts';

export type IfthenpayOptions = {
  baseUrl: string;
  mbKey: string;
  mbWayKey: string;
  /** The card key (IFTHENPAY_CCARD_KEY); without it the shop takes no cards. */
  ccardKey?: string | undefined;
  /** Payshop's key and its call's own address; without them the shop issues no Payshop references. */
  payshop?: { url: string; key: string } | undefined;
  callbackKey: string;
  /** The refund API's address and back-office key; without them MB WAY money goes back by transfer. */
  refunds?: { url: string; backofficeKey: string } | undefined;
  timeoutMs?: number;
};

/**
 * ifthenpay's MB WAY status codes (GET /spg/payment/mbway/status, ifthenpay-documented/mbway-status.json).
 * 123 is "Request not found": the attempt ended (issue #27), it is never still waiting on a phone.
 */
const MBWAY_CODES: Record<string, MbwayStatus> = {
  '000': 'paid',
  '020': 'rejected',
  '101': 'expired',
  '122': 'failed',
  '123': 'failed',
};

/** The documented lengths (ifthenpay-documented/mbway-request.json): "email … (100 chars max)", "description … (100 chars max)". */
const MBWAY_TEXT_MAX = 100;

/**
 * The ifthenpay adapter: Multibanco dynamic references and MB WAY through its public API, as the requests
 * and answers kept in ifthenpay-documented/ show them. Amounts go as text with a dot ("20.00"); the MB WAY
 * mobile number as "351#912345678" (or "34#612345678"); a reference's `expiryDays` as a number.
 */
export function ifthenpayGateway(options: IfthenpayOptions): PaymentGateway {
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function call(path: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(path.startsWith('http') ? path : `${options.baseUrl}${path}`, {
        ...init,
        headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new GatewayError(`ifthenpay unreachable: ${(err as Error).message}`, false);
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new GatewayError(`ifthenpay answered ${response.status} without JSON`, false);
    }
    if (!response.ok || typeof body !== 'object' || body === null) {
      throw new GatewayError(`ifthenpay answered ${response.status}`, response.status >= 400 && response.status < 500);
    }
    return body as Record<string, unknown>;
  }

  const field = (body: Record<string, unknown>, name: string) => {
    const value = body[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  };

  return {
    name: 'ifthenpay',

    async createMultibancoReference({ gatewayOrderId, amountCents, expiryDays }) {
      const body = await call('/multibanco/reference/init', {
        method: 'POST',
        body: JSON.stringify({
          mbKey: options.mbKey,
          orderId: gatewayOrderId,
          amount: gatewayAmount(amountCents),
          expiryDays,
        }),
      });
      if (field(body, 'Status') !== '0') throw new GatewayError(`ifthenpay refused the reference: ${field(body, 'Message')}`, true);
      const entity = field(body, 'Entity');
      const reference = field(body, 'Reference').replace(/\s/g, '');
      if (!/^\d{5}$/.test(entity) || !/^\d{9}$/.test(reference)) throw new GatewayError('ifthenpay answered a malformed reference', false);
      return { entity, reference, requestId: field(body, 'RequestId') || null, expiryDate: field(body, 'ExpiryDate') || null };
    },

    async startMbway({ gatewayOrderId, amountCents, mobile, email, description }) {
      const body = await call('/spg/payment/mbway', {
        method: 'POST',
        body: JSON.stringify({
          mbWayKey: options.mbWayKey,
          orderId: gatewayOrderId,
          amount: gatewayAmount(amountCents),
          mobileNumber: gatewayMobileNumber(mobile),
          // Cut to the documented length: an address longer than 100 characters is sent without it.
          email: email.length <= MBWAY_TEXT_MAX ? email : '',
          description: description.slice(0, MBWAY_TEXT_MAX),
        }),
      });
      // "000": the request reached the customer's phone.
      if (field(body, 'Status') !== '000') throw new GatewayError(`ifthenpay refused the MB WAY request: ${field(body, 'Message')}`, true);
      const requestId = field(body, 'RequestId');
      if (!requestId) throw new GatewayError('ifthenpay answered no RequestId', false);
      return { requestId };
    },

    async mbwayStatus(requestId) {
      const query = new URLSearchParams({ mbWayKey: options.mbWayKey, requestId });
      const body = await call(`/spg/payment/mbway/status?${query.toString()}`);
      // The documented table lists final answers only: any other code is a request still waiting on the phone.
      return MBWAY_CODES[field(body, 'Status')] ?? 'pending';
    },

    offers: { card: Boolean(options.ccardKey), payshop: Boolean(options.payshop) },

    ...cardAndPayshop(options, call, field),

    refundsMbway: Boolean(options.refunds),

    async refundMbway({ requestId, amountCents }) {
      const { refunds } = options;
      if (!refunds) throw new GatewayError('ifthenpay refunds need IFTHENPAY_BACKOFFICE_KEY', true);
      const body = await call(refunds.url, {
        method: 'POST',
        body: JSON.stringify({ backofficekey: refunds.backofficeKey, requestId, amount: gatewayAmount(amountCents) }),
      });
      // "1": the money is on its way back to the customer's MB WAY account.
      if (field(body, 'Code') !== '1') throw new GatewayError(field(body, 'Message') || 'recusado', true);
      return { refundId: field(body, 'RefundId') || `${requestId}-${Date.now()}` };
    },

    parseCallback: (params) => parseIfthenpayCallback(params, options.callbackKey),
  };
}

import { randomBytes } from 'node:crypto';
import { sandboxCardPath } from '#shared/card-paths.ts';
import { type CardReturnUrls, GatewayError, parseIfthenpayCallback, type PaymentGateway } from './gateway.ts';
import { expiryDateText } from './lisbon-days.ts';
import { multibancoReference } from './multibanco-reference.ts';

/** The entity and sub-entity of the banks' documentation example: no real reference uses them. */
export const SANDBOX_ENTITY = '12345';
export const SANDBOX_SUB_ENTITY = '123';
/** The sandbox's MB WAY number whose request reaches the test phone but whose answer never reaches the shop (issue #27). */
export const SANDBOX_LATE_PHONE = '910000000';

/** The shop's own address of a return URL: the sandbox page only ever sends the customer back within the shop. */
const pathOf = (url: string) => {
  const { pathname, search } = new URL(url, 'http://sandbox.invalid');
  return `${pathname}${search}`;
};

/** The sandbox's card page for one payment, with the shop's return addresses as the gateway's page would know them. */
export const sandboxCardPageUrl = (requestId: string, urls: CardReturnUrls) =>
  `${sandboxCardPath(requestId)}?${new URLSearchParams({ success: pathOf(urls.success), error: pathOf(urls.error), cancel: pathOf(urls.cancel) }).toString()}`;

/**
 * The gateway on a developer's machine: references computed offline with the real check digits, Payshop
 * references paid at its test counter, a card page with accept, refuse and cancel, and MB WAY requests that stay pending until someone accepts or refuses them on the sandbox's phone page
 * (which then calls back exactly as ifthenpay would). No money moves.
 */
export function sandboxGateway(callbackKey: string): PaymentGateway {
  return {
    name: 'sandbox',

    async createMultibancoReference({ gatewayOrderId, amountCents, expiryDays }) {
      const seed = gatewayOrderId.replace(/\D/g, '').slice(-4) || '0';
      return {
        entity: SANDBOX_ENTITY,
        reference: multibancoReference(SANDBOX_ENTITY, SANDBOX_SUB_ENTITY, seed, amountCents),
        requestId: randomBytes(10).toString('hex'),
        // As ifthenpay answers: the last day the reference can be paid.
        expiryDate: expiryDateText(expiryDays),
      };
    },

    async startMbway({ mobile }) {
      // As ifthenpay answering after the shop gave up: the request is on the phone (its id derived from the
      // attempt's, sandboxRequestId), the shop does not know it went out.
      if (mobile === SANDBOX_LATE_PHONE) throw new GatewayError('sandbox: the answer came too late', false);
      return { requestId: randomBytes(10).toString('hex') };
    },

    offers: { card: true, payshop: true },

    async startCard({ returnUrls }) {
      const requestId = randomBytes(10).toString('hex');
      // The sandbox's card page, which knows where to send the customer back, as the gateway's page does.
      return { requestId, paymentUrl: sandboxCardPageUrl(requestId, returnUrls) };
    },

    async createPayshopReference() {
      // 13 digits, as Payshop's; random, so two shops' sandboxes never share one.
      const reference = Array.from(randomBytes(13), (b) => String(b % 10)).join('');
      return { reference, requestId: randomBytes(10).toString('hex') };
    },

    async mbwayStatus() {
      return 'pending';
    },

    // The sandbox gives money back at once: nothing moves, the refund is recorded as if ifthenpay had done it.
    refundsMbway: true,

    async refundMbway() {
      return { refundId: `sandbox-${randomBytes(6).toString('hex')}` };
    },

    parseCallback: (params) => parseIfthenpayCallback(params, callbackKey),
  };
}

import { randomBytes } from 'node:crypto';
import { GatewayError, parseIfthenpayCallback, type PaymentGateway } from './gateway.ts';
import { expiryDateText } from './lisbon-days.ts';
import { multibancoReference } from './multibanco-reference.ts';

/** The entity and sub-entity of the banks' documentation example: no real reference uses them. */
export const SANDBOX_ENTITY = '12345';
export const SANDBOX_SUB_ENTITY = '123';
/** The sandbox's MB WAY number whose request reaches the test phone but whose answer never reaches the shop (issue #27). */
export const SANDBOX_LATE_PHONE = '910000000';

/**
 * The gateway on a developer's machine: references computed offline with the real check digits, and MB
 * WAY requests that stay pending until someone accepts or refuses them on the sandbox's phone page
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

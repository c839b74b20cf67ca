import { GatewayError, gatewayAmount, type PaymentGateway } from './gateway.ts';
import type { IfthenpayOptions } from './ifthenpay.ts';

type Call = (path: string, init?: RequestInit) => Promise<Record<string, unknown>>;
type Field = (body: Record<string, unknown>, name: string) => string;

/**
 * ifthenpay's card page and Payshop references, as the requests and answers kept in
 * ifthenpay-documented/ccard-init.json and payshop-reference.json show them (ifthenpay's own PHP SDK).
 * A status or code is read as text or number ("0" or 0): the SDK compares text, the documents do not say.
 */
export function cardAndPayshop(options: IfthenpayOptions, call: Call, field: Field): Pick<PaymentGateway, 'startCard' | 'createPayshopReference'> {
  return {
    async startCard({ gatewayOrderId, amountCents, returnUrls }) {
      if (!options.ccardKey) throw new GatewayError('ifthenpay cards need IFTHENPAY_CCARD_KEY', true);
      const body = await call(`/creditcard/init/${encodeURIComponent(options.ccardKey)}`, {
        method: 'POST',
        body: JSON.stringify({
          orderId: gatewayOrderId,
          amount: gatewayAmount(amountCents),
          successUrl: returnUrls.success,
          errorUrl: returnUrls.error,
          cancelUrl: returnUrls.cancel,
          language: 'pt',
        }),
      });
      // "0": the page is open; any other status (the SDK's "Unauthorized request", "999") is a refusal.
      if (field(body, 'Status') !== '0') throw new GatewayError(`ifthenpay refused the card payment: ${field(body, 'Message')}`, true);
      const paymentUrl = field(body, 'PaymentUrl');
      const requestId = field(body, 'RequestId');
      if (!/^https:\/\//i.test(paymentUrl) || !requestId) throw new GatewayError('ifthenpay answered no PaymentUrl or RequestId', false);
      return { paymentUrl, requestId };
    },

    async createPayshopReference({ gatewayOrderId, amountCents, lastDay }) {
      const { payshop } = options;
      if (!payshop) throw new GatewayError('ifthenpay Payshop needs IFTHENPAY_PAYSHOP_KEY', true);
      const body = await call(payshop.url, {
        method: 'POST',
        body: JSON.stringify({ payshopkey: payshop.key, id: gatewayOrderId, valor: gatewayAmount(amountCents), validade: lastDay }),
      });
      // "0": issued; any other code (an invalid key, an invalid value) is a refusal.
      if (field(body, 'Code') !== '0') throw new GatewayError(`ifthenpay refused the Payshop reference: ${field(body, 'Message')}`, true);
      const reference = field(body, 'Reference').replace(/\s/g, '');
      const requestId = field(body, 'RequestId');
      if (!/^\d{13}$/.test(reference) || !requestId) throw new GatewayError('ifthenpay answered a malformed Payshop reference', false);
      return { reference, requestId };
    },
  };
}

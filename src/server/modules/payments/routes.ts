import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, messageBody } from '#shared/schemas/common.ts';
import {
  cardAnswer,
  guestTokenQuery,
  methodOrderBody,
  methodSettingsAnswer,
  orderPaymentBody,
  paymentMethodsAnswer,
  paymentMessages,
  payshopAnswer,
  sandboxCardAnswer,
  sandboxCardBody,
  sandboxPayshopBody,
  mbwayAnswer,
  mbwayBody,
  mbwayStatusAnswer,
  multibancoAnswer,
  multibancoBody,
  orderIdParam,
  orderPaymentsAnswer,
  paymentAlertList,
  sandboxDecisionBody,
  sandboxMbwayRequest,
  sandboxMultibancoBody,
  sandboxRequestParam,
} from '#shared/schemas/payments.ts';
import type { AppContext } from '../../platform/context.ts';
import { toCents } from '#shared/money.ts';
import { adminOnly } from '../../platform/guards.ts';
import { rateLimited } from '../../platform/security.ts';
import { viewerOf } from '../orders/for-payments.ts';
import { orderPayments, paymentAlerts, resolveAlert } from './alerts.ts';
import { acceptedCallback, handleCallback } from './callback.ts';
import type { PaymentGateway } from './gateway.ts';
import type { PaymentsContext } from './payment-records.ts';
import { startMbway } from './mbway-start.ts';
import { mbwayStatus, startMultibanco } from './payment-start.ts';
import { startCard } from './card-start.ts';
import { methodSettings, offeredMethods, saveMethodOrder } from './method-order.ts';
import { startPayshop } from './payshop-start.ts';
import * as sandbox from './sandbox-payments.ts';
import { countCallbackRefused } from '../../platform/metrics.ts';

const callbackText = (description: string) => z.string().max(200).optional().meta({ description });
/**
 * ifthenpay's callback, as its URL template sends it: every parameter is text, and each is checked by the
 * gateway adapter, not here (a missing key is a refused callback, counted). Unknown ones are dropped before
 * anything is stored (callback.ts).
 */
const callbackQuery = z
  .object({
    key: callbackText('A chave anti-phishing combinada com a ifthenpay.'),
    orderId: callbackText('O identificador do pagamento que a loja deu à ifthenpay.'),
    amount: callbackText('O montante pago, em euros com ponto decimal (ex.: 12.50).'),
    requestId: callbackText('O identificador do pedido MB WAY na ifthenpay.'),
    entity: callbackText('A entidade Multibanco.'),
    reference: callbackText('A referência Multibanco.'),
    payment_datetime: callbackText('Quando o pagamento foi feito, como a ifthenpay o escreve (ex.: 26-11-2026 10:15:00).'),
  })
  .catchall(z.string().max(200));

export const paymentRoutes =
  ({ db, config }: AppContext, gateway: PaymentGateway): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['payments'];
    const ctx: PaymentsContext = { db, config, gateway };

    app.post('/payment/multibanco', { schema: { tags, body: multibancoBody, response: { 200: multibancoAnswer } } }, async (request) =>
      startMultibanco(ctx, request.body.order_id, viewerOf(request.sessionUser, request.body.token)),
    );

    app.post('/payment/mbway', { schema: { tags, body: mbwayBody, response: { 200: mbwayAnswer } } }, async (request) =>
      startMbway(ctx, request.body, viewerOf(request.sessionUser, request.body.token)),
    );

    // Issue #27: a card page and a Payshop reference, for an order placed with any method (pay another way).
    app.post('/payment/card', { schema: { tags, body: orderPaymentBody, response: { 200: cardAnswer } } }, async (request) =>
      startCard(ctx, request.body.orderId, viewerOf(request.sessionUser, request.body.token), request.body.token),
    );

    app.post('/payment/payshop', { schema: { tags, body: orderPaymentBody, response: { 200: payshopAnswer } } }, async (request) =>
      startPayshop(ctx, request.body.orderId, viewerOf(request.sessionUser, request.body.token)),
    );

    app.get('/payment/methods', { schema: { tags, response: { 200: paymentMethodsAnswer } } }, async () => offeredMethods(db, config));

    app.get('/payment/methods/settings', { config: adminOnly, schema: { tags, response: { 200: methodSettingsAnswer } } }, async () => methodSettings(db, config));

    app.put('/payment/methods/order', { config: adminOnly, schema: { tags, body: methodOrderBody, response: { 200: messageBody } } }, async (request) => {
      await saveMethodOrder(db, request.body);
      return { message: paymentMessages.methodOrderSaved };
    });

    app.get(
      '/payment/mbway/status/:orderId',
      // Asking may find the money arrived, which queues the customer's mail.
      { config: { queuesJobs: true }, schema: { tags, params: orderIdParam, querystring: guestTokenQuery, response: { 200: mbwayStatusAnswer } } },
      async (request) => ({ status: await mbwayStatus(ctx, request.params.orderId, viewerOf(request.sessionUser, request.query.token)) }),
    );

    app.get(
      '/payment/order/:orderId',
      { schema: { tags, params: orderIdParam, querystring: guestTokenQuery, response: { 200: orderPaymentsAnswer } } },
      async (request) => orderPayments(db, request.params.orderId, viewerOf(request.sessionUser, request.query.token)),
    );

    // The gateway calls this when money arrives, e.g. for ifthenpay:
    // /api/payment/callback?key=[ANTI_PHISHING_KEY]&orderId=[ORDER_ID]&amount=[AMOUNT]&requestId=[REQUEST_ID]
    //   &entity=[ENTITY]&reference=[REFERENCE]&payment_datetime=[PAYMENT_DATETIME]
    app.get(
      '/payment/callback',
      // Per address, well above ifthenpay's own pace (decision 0028): a flood of forged calls stops at the limit.
      {
        config: { queuesJobs: true, ...rateLimited(config.paymentCallbackRateLimit) },
        schema: { tags, querystring: callbackQuery, response: { '2xx': messageBody, '4xx': messageBody } },
      },
      async (request, reply) => {
        // 200 for every callback understood, accepted or not (ifthenpay retries anything else): see callback.ts.
        const answer = await handleCallback(ctx, request.query, request.ip);
        if (!acceptedCallback(answer.outcome)) {
          request.log.warn({ outcome: answer.outcome }, 'payment callback not accepted');
          countCallbackRefused(answer.outcome);
        }
        return reply.status(answer.status).send({ message: answer.outcome });
      },
    );

    app.get('/payment/alerts', { config: adminOnly, schema: { tags, response: { 200: paymentAlertList } } }, async () =>
      (await paymentAlerts(db)).map(({ paymentId: _, ...alert }) => alert),
    );

    app.put('/payment/alerts/:id/resolve', { config: adminOnly, schema: { tags, params: idParam, response: { 204: z.null() } } }, async (request, reply) => {
      await resolveAlert(db, request.params.id);
      return reply.status(204).send(null);
    });

    if (gateway.name !== 'sandbox') return;

    // The sandbox's test phone and ATM: only with PAYMENT_GATEWAY=sandbox; they move no money.
    app.get('/payment/sandbox/mbway/:requestId', { schema: { tags, params: sandboxRequestParam, response: { 200: sandboxMbwayRequest } } }, async (request) =>
      (await sandbox.sandboxMbwayRequest(ctx, request.params.requestId)).view,
    );

    app.post('/payment/sandbox/mbway/:requestId', { schema: { tags, params: sandboxRequestParam, body: sandboxDecisionBody, response: { 200: sandboxMbwayRequest } } }, async (request) =>
      sandbox.sandboxDecide(ctx, request.params.requestId, request.body.accept),
    );

    app.get('/payment/sandbox/card/:requestId', { schema: { tags, params: sandboxRequestParam, response: { 200: sandboxCardAnswer } } }, async (request) =>
      (await sandbox.sandboxCardPayment(ctx, request.params.requestId)).view,
    );

    app.post('/payment/sandbox/card/:requestId', { schema: { tags, params: sandboxRequestParam, body: sandboxCardBody, response: { 200: sandboxCardAnswer } } }, async (request) =>
      sandbox.sandboxCardOutcome(ctx, request.params.requestId, request.body.action),
    );

    app.post('/payment/sandbox/payshop', { schema: { tags, body: sandboxPayshopBody, response: { 200: messageBody } } }, async (request) =>
      sandbox.sandboxPayPayshop(ctx, request.body.reference, toCents(request.body.amount)),
    );

    app.post('/payment/sandbox/multibanco', { schema: { tags, body: sandboxMultibancoBody, response: { 200: messageBody } } }, async (request) =>
      sandbox.sandboxPayReference(ctx, request.body.entity, request.body.reference, toCents(request.body.amount)),
    );
  };

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, messageBody } from '#shared/schemas/common.ts';
import { orderExportQuery } from '#shared/schemas/exports.ts';
import {
  adminOrderBody,
  adminOrdersQuery,
  calculateTotalsBody,
  cartTotalsAnswer,
  markPaidBody,
  myOrdersQuery,
  order,
  orderAccessQuery,
  orderBody,
  orderMessages,
  orderPage,
  refundsDue,
  statusStepBody,
} from '#shared/schemas/orders.ts';
import { releaseHoldsAnswer, releaseHoldsBody, unpaidHoldList } from '#shared/schemas/unpaid-holds.ts';
import type { AppContext } from '../../platform/context.ts';
import { sendCsv } from '../../platform/csv.ts';
import { adminOnly, guardedUser, signedIn } from '../../platform/guards.ts';
import * as admin from './admin-orders.ts';
import * as checkout from './checkout.ts';
import { checkoutLimits } from './checkout-limits.ts';
import { ORDER_EXPORT_COLUMNS, orderExportRows } from './export.ts';
import { viewerOf } from './order-records.ts';
import * as view from './order-view.ts';
import { releaseHolds, unpaidHolds } from './unpaid-holds.ts';
import { configuredMethods } from '../../platform/payment-methods.ts';

const idempotencyHeaders = z.object({ 'idempotency-key': z.string().trim().min(8).max(100).optional() });

export const orderRoutes =
  ({ db, config }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['orders'];
    const viewer = (request: { sessionUser: { id: number; isAdmin: boolean } | null }, token?: string) =>
      viewerOf(request.sessionUser, token);

    app.post('/order/calculate-totals', { schema: { tags, body: calculateTotalsBody, response: { 200: cartTotalsAnswer } } }, async (request) =>
      checkout.calculateTotals(db, request.body, request.sessionUser?.id ?? null),
    );

    app.post(
      '/order',
      { ...checkoutLimits(app, config), schema: { tags, body: orderBody, headers: idempotencyHeaders, response: { 200: order, 201: order } } },
      async (request, reply) => {
        const { order: placed, created } = await checkout.placeOrder(db, config.publicUrl, request.body, {
          userId: request.sessionUser?.id ?? null,
          idempotencyKey: request.headers['idempotency-key'],
          clientAddress: request.ip,
          unpaid: config.unpaidOrders,
          methods: configuredMethods(config.payments),
        });
        return reply.status(created ? 201 : 200).send(placed);
      },
    );

    app.get('/order/myorders', { config: signedIn, schema: { tags, querystring: myOrdersQuery, response: { 200: orderPage } } }, async (request) =>
      view.myOrders(db, guardedUser(request).id, request.query.page, request.query.pageSize),
    );

    app.get('/order', { config: adminOnly, schema: { tags, querystring: adminOrdersQuery, response: { 200: orderPage } } }, async (request) =>
      view.listOrders(db, request.query.status, request.query.page, request.query.pageSize),
    );

    app.get('/order/export.csv', { config: adminOnly, schema: { tags, querystring: orderExportQuery } }, async (request, reply) =>
      sendCsv(reply, `encomendas-${request.query.from}-a-${request.query.to}.csv`, ORDER_EXPORT_COLUMNS, orderExportRows(db, request.query)),
    );

    app.get('/order/:id', { schema: { tags, params: idParam, querystring: orderAccessQuery, response: { 200: order } } }, async (request) =>
      view.getOrder(db, request.params.id, viewer(request, request.query.token)),
    );

    app.put(
      '/order/:id/cancel',
      { schema: { tags, params: idParam, querystring: orderAccessQuery, response: { 200: order } } },
      async (request) => checkout.cancelOrder(db, config.publicUrl, request.params.id, viewer(request, request.query.token)),
    );

    app.post('/order/createOrder', { config: adminOnly, schema: { tags, body: adminOrderBody, response: { 201: order } } }, async (request, reply) =>
      reply.status(201).send(await admin.createAdminOrder(db, config.publicUrl, configuredMethods(config.payments), request.body)),
    );

    app.put('/order/:id', { config: adminOnly, schema: { tags, params: idParam, body: adminOrderBody, response: { 200: order } } }, async (request) =>
      admin.updateAdminOrder(db, config.publicUrl, request.params.id, request.body),
    );

    app.patch(
      '/order/:id/status',
      { config: adminOnly, schema: { tags, params: idParam, body: statusStepBody, response: { 200: order } } },
      async (request) => admin.stepOrderStatus(db, config.publicUrl, request.params.id, request.body),
    );

    app.post(
      '/order/:id/mark-paid',
      { config: adminOnly, schema: { tags, params: idParam, body: markPaidBody, response: { 200: order } } },
      async (request) => admin.markPaidByAdmin(db, config.publicUrl, request.params.id, guardedUser(request).id, request.body),
    );

    app.get('/order/refunds', { config: adminOnly, schema: { tags, response: { 200: refundsDue } } }, async () => ({
      refunds: await admin.refundsDue(db),
    }));

    // "Encomendas por pagar que reservam stock" and "Libertar stock" (#26): the owner sees them and lets them go.
    app.get('/order/unpaid-holds', { config: adminOnly, schema: { tags, response: { 200: unpaidHoldList } } }, async () => ({
      orders: await unpaidHolds(db),
    }));

    app.post(
      '/order/unpaid-holds/release',
      { config: adminOnly, schema: { tags, body: releaseHoldsBody, response: { 200: releaseHoldsAnswer } } },
      async (request) => releaseHolds(db, config.publicUrl, request.body.order_ids),
    );

    app.delete('/order/:id', { config: adminOnly, schema: { tags, params: idParam, response: { 200: messageBody } } }, async (request) => {
      await admin.deleteOrder(db, request.params.id);
      return { message: orderMessages.deleted };
    });
  };

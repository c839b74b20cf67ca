import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, messageBody } from '#shared/schemas/common.ts';
import {
  adminOrderBody,
  adminOrdersQuery,
  calculateTotalsBody,
  checkoutBody,
  myOrdersQuery,
  order,
  orderAccessQuery,
  orderMessages,
  orderPage,
  totalsAnswer,
} from '#shared/schemas/orders.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireAdmin, requireUser } from '../../platform/guards.ts';
import * as orders from './orders.ts';

const idempotencyHeaders = z.object({ 'idempotency-key': z.string().trim().min(8).max(100).optional() });

export const orderRoutes =
  ({ db, config, jobs }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['orders'];
    const viewer = (request: { sessionUser: { id: number; isAdmin: boolean } | null }, token?: string) =>
      orders.viewerOf(request.sessionUser, token);

    app.post('/order/calculate-totals', { schema: { tags, body: calculateTotalsBody, response: { 200: totalsAnswer } } }, async (request) =>
      orders.calculateTotals(db, request.body.items),
    );

    app.post(
      '/order',
      { schema: { tags, body: checkoutBody, headers: idempotencyHeaders, response: { 200: order, 201: order } } },
      async (request, reply) => {
        const { order: placed, created } = await orders.placeOrder(db, config.publicUrl, request.body, {
          userId: request.sessionUser?.id ?? null,
          idempotencyKey: request.headers['idempotency-key'],
        });
        if (created) jobs.kick();
        return reply.status(created ? 201 : 200).send(placed);
      },
    );

    app.get('/order/myorders', { schema: { tags, querystring: myOrdersQuery, response: { 200: orderPage } } }, async (request) =>
      orders.myOrders(db, requireUser(request).id, request.query.page, request.query.pageSize),
    );

    app.get('/order', { schema: { tags, querystring: adminOrdersQuery, response: { 200: orderPage } } }, async (request) => {
      requireAdmin(request);
      return orders.listOrders(db, request.query.status, request.query.page, request.query.pageSize);
    });

    app.get('/order/:id', { schema: { tags, params: idParam, querystring: orderAccessQuery, response: { 200: order } } }, async (request) =>
      orders.getOrder(db, request.params.id, viewer(request, request.query.token)),
    );

    app.put(
      '/order/:id/cancel',
      { schema: { tags, params: idParam, querystring: orderAccessQuery, response: { 200: order } } },
      async (request) => {
        const cancelled = await orders.cancelOrder(db, config.publicUrl, request.params.id, viewer(request, request.query.token));
        jobs.kick();
        return cancelled;
      },
    );

    app.post('/order/createOrder', { schema: { tags, body: adminOrderBody, response: { 201: order } } }, async (request, reply) => {
      requireAdmin(request);
      return reply.status(201).send(await orders.createAdminOrder(db, request.body));
    });

    app.put('/order/:id', { schema: { tags, params: idParam, body: adminOrderBody, response: { 200: order } } }, async (request) => {
      requireAdmin(request);
      const updated = await orders.updateAdminOrder(db, config.publicUrl, request.params.id, request.body);
      jobs.kick();
      return updated;
    });

    app.delete('/order/:id', { schema: { tags, params: idParam, response: { 200: messageBody } } }, async (request) => {
      requireAdmin(request);
      await orders.deleteOrder(db, request.params.id);
      return { message: orderMessages.deleted };
    });
  };

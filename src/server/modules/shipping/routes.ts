import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, messageBody } from '#shared/schemas/common.ts';
import { shippingMessages, shippingMethod, shippingMethodBody, shippingMethodList } from '#shared/schemas/shipping.ts';
import type { AppContext } from '../../platform/context.ts';
import { adminOnly } from '../../platform/guards.ts';
import * as methods from './methods.ts';

/** The "Envios" tab's calls (issue #29), and the active methods the shop's pages say (terms, product page, cart). */
export const shippingRoutes =
  ({ db }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['shipping'];

    app.get('/shipping-method', { config: adminOnly, schema: { tags, response: { 200: shippingMethodList } } }, async () => ({
      methods: await methods.listMethods(db),
    }));

    app.get('/shipping-method/offer', { schema: { tags, response: { 200: shippingMethodList } } }, async () => ({
      methods: await methods.listMethods(db, true),
    }));

    app.post('/shipping-method', { config: adminOnly, schema: { tags, body: shippingMethodBody, response: { 201: shippingMethod } } }, async (request, reply) =>
      reply.status(201).send(await methods.createMethod(db, request.body)),
    );

    app.put(
      '/shipping-method/:id',
      { config: adminOnly, schema: { tags, params: idParam, body: shippingMethodBody, response: { 200: shippingMethod } } },
      async (request) => methods.updateMethod(db, request.params.id, request.body),
    );

    app.delete('/shipping-method/:id', { config: adminOnly, schema: { tags, params: idParam, response: { 200: messageBody } } }, async (request) => {
      await methods.deleteMethod(db, request.params.id);
      return { message: shippingMessages.deleted };
    });
  };

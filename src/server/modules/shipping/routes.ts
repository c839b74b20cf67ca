import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, messageBody } from '#shared/schemas/common.ts';
import { shippingMessages, shippingMethod, shippingMethodBody, shippingMethodList } from '#shared/schemas/shipping.ts';
import type { AppContext } from '../../platform/context.ts';
import { adminOnly } from '../../platform/guards.ts';
import { shippingZone, shippingZoneBody, shippingZoneList, zoneMessages } from '#shared/schemas/zones.ts';
import * as methods from './methods.ts';
import * as zones from './zones.ts';

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
      zones: (await zones.listZones(db)).map(({ code, name, countries }) => ({ code, name, countries })),
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

    // The owner's own zones (decision 0055): the EU countries beyond Portugal she ships to.
    app.get('/shipping-zone', { config: adminOnly, schema: { tags, response: { 200: shippingZoneList } } }, async () => ({ zones: await zones.listZones(db) }));

    app.post('/shipping-zone', { config: adminOnly, schema: { tags, body: shippingZoneBody, response: { 201: shippingZone } } }, async (request, reply) =>
      reply.status(201).send(await zones.createZone(db, request.body)),
    );

    app.put(
      '/shipping-zone/:id',
      { config: adminOnly, schema: { tags, params: idParam, body: shippingZoneBody, response: { 200: shippingZone } } },
      async (request) => zones.updateZone(db, request.params.id, request.body),
    );

    app.delete('/shipping-zone/:id', { config: adminOnly, schema: { tags, params: idParam, response: { 200: messageBody } } }, async (request) => {
      await zones.deleteZone(db, request.params.id);
      return { message: zoneMessages.deleted };
    });
  };

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shippingMessages, shippingMethod, shippingMethodBody, shippingMethodList } from '#shared/schemas/shipping.ts';
import { adminRecordWrites } from '../../platform/admin-record-writes.ts';
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

    adminRecordWrites(app, db, {
      path: '/shipping-method',
      tags,
      body: shippingMethodBody,
      answer: shippingMethod,
      create: methods.createMethod,
      update: methods.updateMethod,
      remove: methods.deleteMethod,
      deleted: shippingMessages.deleted,
    });

    // The owner's own zones (decision 0055): the EU countries beyond Portugal she ships to.
    app.get('/shipping-zone', { config: adminOnly, schema: { tags, response: { 200: shippingZoneList } } }, async () => ({ zones: await zones.listZones(db) }));

    adminRecordWrites(app, db, {
      path: '/shipping-zone',
      tags,
      body: shippingZoneBody,
      answer: shippingZone,
      create: zones.createZone,
      update: zones.updateZone,
      remove: zones.deleteZone,
      deleted: zoneMessages.deleted,
    });
  };

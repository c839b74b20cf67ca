import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, messageBody } from '#shared/schemas/common.ts';
import {
  contactBody,
  contactMessage,
  contactMessagePage,
  contactMessages as texts,
  contactMessagesQuery,
  shopDetails,
  shopSetup,
} from '#shared/schemas/contact.ts';
import type { AppContext } from '../../platform/context.ts';
import { adminOnly } from '../../platform/guards.ts';
import { rateLimited } from '../../platform/security.ts';
import { withdrawalDays } from '../overview/settings.ts';
import * as contact from './contact.ts';

export const contactRoutes =
  ({ db, config }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['contact'];

    app.post(
      '/contact',
      // Per-address limit (ARCHITECTURE.md: contact is rate-limited).
      { config: rateLimited(config.contactRateLimit), schema: { tags, body: contactBody, response: { 200: messageBody } } },
      async (request) => {
        await contact.sendContactMessage(db, config.shopEmail ?? config.shop.email, request.body, request.ip);
        return { message: texts.sent };
      },
    );

    app.get(
      '/contact/messages',
      { config: adminOnly, schema: { tags, querystring: contactMessagesQuery, response: { 200: contactMessagePage } } },
      async (request) => contact.listContactMessages(db, request.query.page, request.query.pageSize),
    );

    app.put(
      '/contact/messages/:id/read',
      { config: adminOnly, schema: { tags, params: idParam, response: { 200: contactMessage } } },
      async (request) => contact.markContactMessageRead(db, request.params.id),
    );

    // The contact and terms pages show who the shop is (legal name, NIF, address) from one place: the configuration.
    app.get('/shop', { schema: { tags, response: { 200: shopDetails } } }, async () => {
      const { legalName, nif, address, phone, email, social } = config.shop;
      const { holdMs } = config.unpaidOrders;
      return {
        legalName,
        nif,
        address,
        phone,
        email,
        social,
        paymentDeadlines: { multibancoMinutes: holdMs.multibanco / 60_000, mbwayMinutes: holdMs.mbway / 60_000 },
        withdrawalDays: await withdrawalDays(db),
      };
    });

    app.get('/shop/setup', { config: adminOnly, schema: { tags, response: { 200: shopSetup } } }, async () => ({ examples: config.shop.examples }));
  };

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, messageBody } from '#shared/schemas/common.ts';
import {
  contactBody,
  contactMessage,
  contactMessagePage,
  contactMessages as texts,
  contactMessagesQuery,
  shopDetails,
} from '#shared/schemas/contact.ts';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireAdmin } from '../../platform/guards.ts';
import * as contact from './contact.ts';

/** Per-IP limit on the contact form (ARCHITECTURE.md: contact is rate-limited), with the pt-PT 429. */
export const contactRateLimit = (config: Config) => ({
  rateLimit: { max: config.contactRateLimit.max, timeWindow: config.contactRateLimit.windowMs },
});

export const contactRoutes =
  ({ db, config, jobs }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['contact'];
    // Refused before the body is even read: a visitor learns nothing from the admin calls' validation.
    const adminOnly = async (request: Parameters<typeof requireAdmin>[0]) => void requireAdmin(request);

    app.post(
      '/contact',
      { config: contactRateLimit(config), schema: { tags, body: contactBody, response: { 200: messageBody } } },
      async (request) => {
        await contact.sendContactMessage(db, config.shopEmail ?? config.shop.email, request.body, request.ip);
        jobs.kick();
        return { message: texts.sent };
      },
    );

    app.get(
      '/contact/messages',
      { preValidation: adminOnly, schema: { tags, querystring: contactMessagesQuery, response: { 200: contactMessagePage } } },
      async (request) => {
        requireAdmin(request);
        return contact.listContactMessages(db, request.query.page, request.query.pageSize);
      },
    );

    app.put(
      '/contact/messages/:id/read',
      { preValidation: adminOnly, schema: { tags, params: idParam, response: { 200: contactMessage } } },
      async (request) => {
        requireAdmin(request);
        return contact.markContactMessageRead(db, request.params.id);
      },
    );

    // The contact and terms pages show who the shop is (legal name, NIF, address) from one place: the configuration.
    app.get('/shop', { schema: { tags, response: { 200: shopDetails } } }, async () => {
      const { legalName, nif, address, phone, email } = config.shop;
      return { legalName, nif, address, phone, email };
    });
  };

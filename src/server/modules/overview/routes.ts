import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageBody } from '#shared/schemas/common.ts';
import { overview, overviewMessages, overviewQuery, overviewSettingsBody } from '#shared/schemas/overview.ts';
import type { AppContext } from '../../platform/context.ts';
import { adminOnly } from '../../platform/guards.ts';
import * as figures from './figures.ts';
import { saveOwnerSettings } from './settings.ts';

/** The dashboard's Resumo: the owner's figures at a glance, the stock level she calls low, and which of her shop's e-mails she gets. */
export const overviewRoutes =
  ({ db, config }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['overview'];

    app.get('/overview', { config: adminOnly, schema: { tags, querystring: overviewQuery, response: { 200: overview } } }, async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return figures.overview(db, { days: request.query.days, withInvoicing: config.invoicing.provider !== 'none', ownerMailTo: config.shopEmail ?? config.shop.email });
    });

    app.put('/overview/settings', { config: adminOnly, schema: { tags, body: overviewSettingsBody, response: { 200: messageBody } } }, async (request) => {
      const { lowStockThreshold, mailNewOrders, withdrawalDays } = request.body;
      await saveOwnerSettings(db, request.body);
      if (withdrawalDays !== undefined && lowStockThreshold === undefined && mailNewOrders === undefined) return { message: overviewMessages.withdrawalDaysSaved };
      if (lowStockThreshold !== undefined || mailNewOrders === undefined) return { message: overviewMessages.thresholdSaved };
      return { message: mailNewOrders ? overviewMessages.newOrdersOn : overviewMessages.newOrdersOff };
    });
  };

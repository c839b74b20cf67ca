import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageBody } from '#shared/schemas/common.ts';
import { overview, overviewMessages, overviewQuery, overviewSettingsBody } from '#shared/schemas/overview.ts';
import type { AppContext } from '../../platform/context.ts';
import { adminOnly } from '../../platform/guards.ts';
import * as figures from './figures.ts';

/** The dashboard's Resumo: the owner's figures at a glance, and the stock level she calls low. */
export const overviewRoutes =
  ({ db, config }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['overview'];

    app.get('/overview', { config: adminOnly, schema: { tags, querystring: overviewQuery, response: { 200: overview } } }, async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return figures.overview(db, { days: request.query.days, withInvoicing: config.invoicing.provider !== 'none' });
    });

    app.put('/overview/settings', { config: adminOnly, schema: { tags, body: overviewSettingsBody, response: { 200: messageBody } } }, async (request) => {
      await figures.setLowStockThreshold(db, request.body.lowStockThreshold);
      return { message: overviewMessages.thresholdSaved };
    });
  };

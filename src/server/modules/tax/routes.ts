import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taxSettingBody, taxSettings } from '#shared/schemas/tax.ts';
import type { AppContext } from '../../platform/context.ts';
import { adminOnly } from '../../platform/guards.ts';
import { saveTaxSetting, taxSettingsView } from './settings.ts';

/** The shop's VAT regime and region (issue #29, decision 0053): the back office's "IVA" screen. */
export const taxRoutes =
  ({ db }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['settings'];

    app.get('/settings/tax', { config: adminOnly, schema: { tags, response: { 200: taxSettings } } }, async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return taxSettingsView(db);
    });

    app.put('/settings/tax', { config: adminOnly, schema: { tags, body: taxSettingBody, response: { 200: taxSettings } } }, async (request) =>
      saveTaxSetting(db, request.body, request.sessionUser?.id ?? null),
    );
  };

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, idParam, messageBody } from '#shared/schemas/common.ts';
import { restockAlertBody, restockTokenQuery, restockWaiting } from '#shared/schemas/restock.ts';
import type { AppContext } from '../../platform/context.ts';
import { adminOnly } from '../../platform/guards.ts';
import { rateLimited } from '../../platform/security.ts';
import * as restock from './restock-alerts.ts';

/** "Avise-me quando voltar" (issue #30, decision 0043): ask, confirm, stop; the owner's count. */
export const restockRoutes =
  ({ db, config }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['catalog'];
    // The newsletter's limit: the same kind of form (an address that gets a confirmation mail).
    const limited = rateLimited(config.newsletter.rateLimit);

    app.post(
      '/product/:id/restock-alert',
      { config: limited, schema: { tags, params: idParam, body: restockAlertBody, response: { 200: messageBody, 409: errorBody } } },
      async (request) => ({
        message: await restock.askRestockAlert(db, config.publicUrl, request.params.id, {
          email: request.body.email,
          variantId: request.body.variant_id ?? null,
          signedInAs: request.sessionUser?.email ?? null,
        }),
      }),
    );

    app.get('/product/:id/restock-alert', { config: adminOnly, schema: { tags, params: idParam, response: { 200: restockWaiting } } }, async (request) =>
      restock.restockWaiting(db, request.params.id),
    );

    // Confirming an alert may queue its mail at once (the item came back meanwhile).
    app.get(
      '/restock-alert/confirm',
      { config: { queuesJobs: true }, schema: { tags, querystring: restockTokenQuery, response: { 200: messageBody } } },
      async (request) => ({ message: await restock.confirmRestockAlert(db, request.query.token) }),
    );

    app.get('/restock-alert/stop', { schema: { tags, querystring: restockTokenQuery, response: { 200: messageBody } } }, async (request) => ({
      message: await restock.stopRestockAlert(db, request.query.token),
    }));
  };

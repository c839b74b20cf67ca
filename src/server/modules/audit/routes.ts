import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPage, auditQuery } from '#shared/schemas/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { adminOnly } from '../../platform/guards.ts';
import { listAudit } from './audit.ts';

/** The "Registo" tab's call: what admins changed, read only (nothing in the application edits or deletes it). */
export const auditRoutes =
  ({ db }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/audit', { config: adminOnly, schema: { tags: ['audit'], querystring: auditQuery, response: { 200: auditPage } } }, async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listAudit(db, request.query);
    });
  };

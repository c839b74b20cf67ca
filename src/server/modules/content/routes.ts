import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentBlock, contentBody, contentParams } from '#shared/schemas/content.ts';
import type { AppContext } from '../../platform/context.ts';
import { adminOnly, guardedUser } from '../../platform/guards.ts';
import * as content from './content.ts';

export const contentRoutes =
  ({ db }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['content'];

    app.get('/content/:section', { schema: { tags, params: contentParams, response: { 200: contentBlock } } }, async (request, reply) => {
      // An admin's edit must show at once for everyone: no shared cache keeps an old version.
      reply.header('cache-control', 'no-cache');
      return content.readBlock(db, request.params.section);
    });

    app.put(
      '/content/:section',
      { config: adminOnly, schema: { tags, params: contentParams, body: contentBody, response: { 200: contentBlock } } },
      async (request) => content.saveBlock(db, request.params.section, request.body.value, guardedUser(request).id),
    );
  };

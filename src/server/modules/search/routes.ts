import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SUGGEST_COLLECTIONS, SUGGEST_PRODUCTS, SUGGEST_SERVICES, suggestAnswer, suggestQuery } from '#shared/schemas/search.ts';
import type { AppContext } from '../../platform/context.ts';
import { suggestCollections, suggestProducts } from '../catalog/suggest.ts';
import { suggestServices } from '../services/services.ts';

/**
 * Search across the shop's modules (issue #30): each module matches its own names with the one matching rule
 * (platform/search-words.ts); this module only gathers their answers: products, published collections, services.
 */
export const searchRoutes =
  ({ db }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/search/suggest', { schema: { tags: ['search'], querystring: suggestQuery, response: { 200: suggestAnswer } } }, async (request) => {
      const { q } = request.query;
      const [products, collections, services] = await Promise.all([
        suggestProducts(db, q, SUGGEST_PRODUCTS),
        suggestCollections(db, q, SUGGEST_COLLECTIONS),
        suggestServices(db, q, SUGGEST_SERVICES),
      ]);
      return { products, collections, services };
    });
  };

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { collectionProductsQuery } from '#shared/schemas/catalog.ts';
import { adminCollection, collection, collectionBody, collectionIdParam, collectionMessages, collectionPage, collectionSlugParam } from '#shared/schemas/collections.ts';
import { messageBody } from '#shared/schemas/common.ts';
import type { AppContext } from '../../platform/context.ts';
import { adminOnly } from '../../platform/guards.ts';
import type { CatalogAnswers } from './catalog-answers.ts';
import { adminCollections, collectionPage as readCollectionPage, createCollection, deleteCollection, publishedCollections, updateCollection } from './collections.ts';

/** The shoppers' list of collections, or, for an admin, every one with its picture's id and its products. */
const collectionList = z.array(collection.extend({ imageId: adminCollection.shape.imageId.optional(), productIds: adminCollection.shape.productIds.optional(), products: adminCollection.shape.products.optional() }));

/**
 * Collections (issue #30): shoppers read the published ones from the catalogue's cache; admins write them. The
 * issue's `GET /collection/{slug}` and `PUT`/`DELETE /collection/{id}` share one path, so one parameter name
 * (`{collection}`: the slug to read, the id to change); two names for one path make the API document ambiguous.
 */
export const collectionRoutes =
  ({ db }: Pick<AppContext, 'db'>, answers: CatalogAnswers): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['catalog'];
    const { freshness } = answers;

    app.get('/collection', { schema: { tags, response: { 200: collectionList } } }, async (request, reply) => {
      if (request.sessionUser?.isAdmin) return adminCollections(db);
      return answers.send(request, reply, { key: 'collections', version: await freshness.current() }, () => publishedCollections(db));
    });

    app.get(
      '/collection/:collection',
      { schema: { tags, params: collectionSlugParam, querystring: collectionProductsQuery, response: { 200: collectionPage } } },
      async (request, reply) => {
        const slug = request.params.collection;
        if (request.sessionUser?.isAdmin) return readCollectionPage(db, slug, request.query);
        const key = `collection:${slug}:${JSON.stringify(request.query)}`;
        return answers.send(request, reply, { key, version: await freshness.current() }, () => readCollectionPage(db, slug, request.query));
      },
    );

    app.post('/collection', { config: adminOnly, schema: { tags, body: collectionBody, response: { 201: adminCollection } } }, async (request, reply) =>
      reply.status(201).send(await createCollection(db, request.body)),
    );

    app.put('/collection/:collection', { config: adminOnly, schema: { tags, params: collectionIdParam, body: collectionBody, response: { 200: adminCollection } } }, async (request) =>
      updateCollection(db, request.params.collection, request.body),
    );

    app.delete('/collection/:collection', { config: adminOnly, schema: { tags, params: collectionIdParam, response: { 200: messageBody } } }, async (request) => {
      await deleteCollection(db, request.params.collection);
      return { message: collectionMessages.deleted };
    });
  };

import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogMessages, product, productFields, productList, productListQuery } from '#shared/schemas/catalog.ts';
import { idParam, messageBody } from '#shared/schemas/common.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { adminOnly } from '../../platform/guards.ts';
import { readMultipart } from '../../platform/multipart.ts';
import { parseOrThrow } from '../../platform/validation.ts';
import { processImage } from '../media/processing.ts';
import { CACHED_ENCODINGS, type CachedEncoding, CatalogCache, catalogVersion, versionAndStock, withLiveStock } from './catalog-cache.ts';
import * as catalog from './products.ts';

/** Sends JSON that is already serialised: Fastify passes a string through without its serializer. */
const sendSerialized = (reply: FastifyReply, json: string | Buffer) => reply.type('application/json; charset=utf-8').send(json as never);

export const catalogRoutes =
  ({ db }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['catalog'];

    /** Reads the product form: fields validated first, so a bad form never costs image processing. */
    const readProductForm = async (request: Parameters<typeof readMultipart>[0]) => {
      const { fields, files } = await readMultipart(request);
      const parsed = parseOrThrow(productFields, fields);
      const uploads = [];
      for (const file of files.filter((f) => f.field === 'images')) uploads.push(await processImage(file.buffer, { allowSvg: false }));
      return { parsed, uploads };
    };

    // Shoppers get cached answers (built from the same functions, so the same JSON); admins see links
    // and archived products, so they always read the database.
    const cache = new CatalogCache();

    app.get('/product', { schema: { tags, querystring: productListQuery, response: { 200: productList } } }, async (request, reply) => {
      if (request.sessionUser?.isAdmin) return catalog.listProducts(db, request.query, true);
      const key = `list:${JSON.stringify(request.query)}`;
      const encoding = negotiate(request.headers['accept-encoding'] ?? '', [...CACHED_ENCODINGS]) as CachedEncoding | null;
      const body = await cache.get(await catalogVersion(db), key, () => catalog.listProducts(db, request.query), encoding ?? undefined);
      // Compressed once per catalogue version; the compression hook leaves an encoded answer alone.
      if (encoding) reply.header('content-encoding', encoding);
      return sendSerialized(reply.header('vary', 'Accept-Encoding'), body);
    });

    app.get('/product/:id', { schema: { tags, params: idParam, response: { 200: product } } }, async (request, reply) => {
      if (request.sessionUser?.isAdmin) return catalog.getProduct(db, request.params.id, true);
      const live = await versionAndStock(db, request.params.id);
      if (!live) throw notFound(catalogMessages.productNotFound);
      const cached = await cache.getValue(live.version, `product:${request.params.id}`, () => catalog.getProduct(db, request.params.id));
      return sendSerialized(reply, JSON.stringify(withLiveStock(cached, live)));
    });

    app.post('/product', { config: adminOnly, schema: { tags, response: { 201: product } } }, async (request, reply) => {
      const { parsed, uploads } = await readProductForm(request);
      return reply.status(201).send(await catalog.createProduct(db, parsed, uploads));
    });

    app.put('/product/:id', { config: adminOnly, schema: { tags, params: idParam, response: { 200: product } } }, async (request) => {
      const { parsed, uploads } = await readProductForm(request);
      return catalog.updateProduct(db, request.params.id, parsed, uploads);
    });

    app.delete('/product/:id', { config: adminOnly, schema: { tags, params: idParam, response: { 200: messageBody } } }, async (request) => {
      const outcome = await catalog.deleteProduct(db, request.params.id);
      return { message: outcome === 'archived' ? catalogMessages.productArchived : catalogMessages.productDeleted };
    });
  };

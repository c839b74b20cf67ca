import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lisbonToday } from '#shared/dates.ts';
import { catalogMessages, product, productFields, productList, productListQuery } from '#shared/schemas/catalog.ts';
import { idParam, messageBody } from '#shared/schemas/common.ts';
import { productImportBody, productImportResult } from '#shared/schemas/exports.ts';
import type { Database } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { sendCsv } from '../../platform/csv.ts';
import { notFound } from '../../platform/errors.ts';
import { adminOnly } from '../../platform/guards.ts';
import { readMultipart } from '../../platform/multipart.ts';
import { parseOrThrow } from '../../platform/validation.ts';
import { processImage } from '../media/processing.ts';
import { type CatalogAnswers, sendSerialized } from './catalog-answers.ts';
import { versionAndStock, withLiveStock } from './catalog-cache.ts';
import { PRODUCT_EXPORT_COLUMNS, productExportRows } from './export.ts';
import { collectionRoutes } from './collection-routes.ts';
import { importProducts } from './import.ts';
import { listProducts } from './product-list.ts';
import * as catalog from './products.ts';

export const catalogRoutes =
  ({ db }: AppContext, database: Pick<Database, 'listen'>, answers: CatalogAnswers): FastifyPluginAsyncZod =>
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
    const { cache, freshness } = answers;
    app.addHook('onReady', () => freshness.start(database));
    app.addHook('onClose', () => freshness.close());
    await app.register(collectionRoutes({ db }, answers));

    app.get('/product', { schema: { tags, querystring: productListQuery, response: { 200: productList } } }, async (request, reply) => {
      if (request.sessionUser?.isAdmin) return listProducts(db, request.query, { withLink: true });
      return answers.send(request, reply, { key: `list:${JSON.stringify(request.query)}`, version: await freshness.current() }, () => listProducts(db, request.query));
    });

    app.get('/product/export.csv', { config: adminOnly, schema: { tags } }, async (_request, reply) =>
      sendCsv(reply, `produtos-${lisbonToday()}.csv`, PRODUCT_EXPORT_COLUMNS, productExportRows(db)),
    );

    app.post(
      '/product/import',
      { config: adminOnly, bodyLimit: 6 * 1024 * 1024, schema: { tags, body: productImportBody, response: { 200: productImportResult } } },
      async (request) => importProducts(db, request.body.csv, request.body.dryRun),
    );

    app.get('/product/:id', { schema: { tags, params: idParam, response: { 200: product } } }, async (request, reply) => {
      const { id } = request.params;
      if (request.sessionUser?.isAdmin) return catalog.getProduct(db, id, true);
      // While sales are heard of, the cached page (stock included) is dropped at each one: no read needed.
      if (freshness.live(id)) return answers.send(request, reply, { key: `product:${id}`, version: await freshness.current(), productId: id }, () => catalog.getProduct(db, id));
      // A scheduled sale that started or ended since is passed first (decision 0048).
      await freshness.current();
      const live = await versionAndStock(db, id);
      if (!live) throw notFound(catalogMessages.productNotFound);
      const cached = await cache.getValue(live.version, `product-base:${id}`, () => catalog.getProduct(db, id));
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

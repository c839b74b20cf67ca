import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '#shared/schemas/common.ts';
import type { AppContext } from '../../platform/context.ts';
import { getProduct } from '../catalog/products.ts';
import { productJsonLd } from './json-ld.ts';

const organization = z.object({ '@type': z.literal('Organization'), name: z.string(), url: z.string() });
const offer = z.object({
  '@type': z.literal('Offer'),
  name: z.string().optional(),
  sku: z.string().optional(),
  price: z.string(),
  priceCurrency: z.literal('EUR'),
  availability: z.string(),
  url: z.string(),
  seller: organization,
});
/** schema.org Product as JSON-LD (the answer is also what product pages embed in their head). */
const productJsonLdBody = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Product'),
  name: z.string(),
  description: z.string(),
  url: z.string(),
  image: z.array(z.string()),
  sku: z.string().optional(),
  brand: z.object({ '@type': z.literal('Brand'), name: z.string() }),
  offers: z.union([
    offer,
    z.object({
      '@type': z.literal('AggregateOffer'),
      lowPrice: z.string(),
      highPrice: z.string(),
      priceCurrency: z.literal('EUR'),
      offerCount: z.number().int(),
      availability: z.string(),
      url: z.string(),
      seller: organization,
      offers: z.array(offer),
    }),
  ]),
});

export const seoRoutes =
  ({ db, config }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['seo'];

    // Public view only (never the admin one): archived products are a 404 and the digital link is never read.
    app.get('/seo/metadata/product/:id', { schema: { tags, params: idParam, response: { 200: productJsonLdBody } } }, async (request, reply) => {
      const product = await getProduct(db, request.params.id);
      return reply.type('application/ld+json; charset=utf-8').send(productJsonLd(product, config.publicUrl));
    });
  };

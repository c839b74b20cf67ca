import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '#shared/schemas/common.ts';
import type { AppContext } from '../../platform/context.ts';
import { getProduct } from '../catalog/products.ts';
import { getService } from '../services/services.ts';
import { productJsonLd, serviceJsonLd } from '#shared/json-ld.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';

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

/** schema.org Service as JSON-LD (the answer is also what service pages embed in their head). */
const serviceJsonLdBody = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Service'),
  name: z.string(),
  description: z.string(),
  url: z.string(),
  image: z.array(z.string()),
  provider: z.object({
    '@type': z.literal('LocalBusiness'),
    '@id': z.string(),
    name: z.string(),
    legalName: z.string(),
    url: z.string(),
    email: z.string(),
    telephone: z.string(),
    address: z.string(),
    taxID: z.string(),
  }),
  areaServed: z.object({ '@type': z.literal('Country'), name: z.literal('Portugal') }),
  potentialAction: z.object({ '@type': z.literal('ReserveAction'), target: z.string() }),
  offers: z.object({ '@type': z.literal('Offer'), price: z.string(), priceCurrency: z.literal('EUR'), url: z.string() }).optional(),
});

const XML = 'application/xml; charset=utf-8';

export const seoRoutes =
  ({ db, config }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['seo'];

    // Public view only (never the admin one): archived products are a 404 and the digital link is never read.
    app.get('/seo/metadata/product/:id', { schema: { tags, params: idParam, response: { 200: productJsonLdBody } } }, async (request, reply) => {
      const product = await getProduct(db, request.params.id);
      return reply.type('application/ld+json; charset=utf-8').send(productJsonLd(product, config.publicUrl));
    });

    app.get('/seo/metadata/service/:id', { schema: { tags, params: idParam, response: { 200: serviceJsonLdBody } } }, async (request, reply) => {
      const service = await getService(db, request.params.id);
      return reply.type('application/ld+json; charset=utf-8').send(serviceJsonLd(service, config));
    });

    // backoffice.md §7: the sitemap page reads this as text.
    app.get('/seo/sitemap.xml', { schema: { tags } }, async (_request, reply) =>
      reply.type(XML).header('cache-control', 'no-cache').send(await sitemapXml(db, config.publicUrl)),
    );
  };

/** What crawlers look for at the site's root, outside /api: /sitemap.xml and /robots.txt. */
export const crawlerRoutes =
  ({ db, config }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const schema = { hide: true };
    app.get('/sitemap.xml', { schema }, async (_request, reply) =>
      reply.type(XML).header('cache-control', 'no-cache').send(await sitemapXml(db, config.publicUrl)),
    );
    app.get('/robots.txt', { schema }, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(config.publicUrl)),
    );
  };

import { metaDescription } from '#shared/cut-text.ts';
import { absoluteImageUrl, collectionJsonLd, collectionUrl, productJsonLd, productUrl, serviceJsonLd, serviceUrl } from '#shared/json-ld.ts';
import type { Product } from '#shared/schemas/catalog.ts';
import type { CollectionPage } from '#shared/schemas/collections.ts';
import type { ShopDetails } from '#shared/schemas/contact.ts';
import type { Service } from '#shared/schemas/services.ts';
import type { PageHead } from './page-head.tsx';

/** A product page's head: its name, snippet, picture, price and schema.org Product (Google's product results). */
export function productHead(product: Product, origin: string): PageHead {
  const jsonLd = productJsonLd(product, origin);
  const price = 'lowPrice' in jsonLd.offers ? jsonLd.offers.lowPrice : jsonLd.offers.price;
  return {
    title: product.name,
    description: metaDescription(product.description),
    canonical: productUrl(origin, product.id),
    type: 'product',
    image: product.images[0] ? absoluteImageUrl(origin, product.images[0]) : undefined,
    properties: [
      ['product:price:amount', price],
      ['product:price:currency', 'EUR'],
    ],
    jsonLd,
  };
}

/** A service page's head; the short description, when there is one, is the snippet. */
export function serviceHead(service: Service, origin: string, shop: ShopDetails): PageHead {
  return {
    title: service.name,
    description: metaDescription(service.short_description.trim() || service.description),
    canonical: serviceUrl(origin, service.id),
    image: service.image ? absoluteImageUrl(origin, service.image) : undefined,
    jsonLd: serviceJsonLd(service, { publicUrl: origin, shop }),
  };
}

/** The text of a collection's description (sanitised HTML), for its snippet. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** A collection page's head: its name, snippet, picture and schema.org CollectionPage with the products it shows. */
export function collectionHead(page: CollectionPage, origin: string, url: URL): PageHead {
  const { collection } = page;
  const description = metaDescription(textOf(collection.description)) || `Os produtos da coleção ${collection.name}.`;
  const pageNumber = Number(url.searchParams.get('page'));
  const canonical = collectionUrl(origin, collection.slug) + (Number.isSafeInteger(pageNumber) && pageNumber > 1 ? `?page=${pageNumber}` : '');
  return {
    title: collection.name,
    description,
    canonical,
    image: collection.image ? absoluteImageUrl(origin, collection.image) : undefined,
    jsonLd: collectionJsonLd(page, description, origin),
  };
}

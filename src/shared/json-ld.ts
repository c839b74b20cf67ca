import { toCents } from './money.ts';
import type { ImageRef, Product } from './schemas/catalog.ts';
import type { ShopDetails } from './schemas/contact.ts';
import type { Service } from './schemas/services.ts';
import { shop } from './shop.ts';

/*
 * schema.org descriptions of the shop's products and services (JSON-LD): the API's metadata calls answer them
 * and the pages' heads carry them (src/web/head), from the same public answers.
 */

/** Who the shop is, as `GET /api/shop` answers it and the configuration holds it. */
type ShopIdentity = Pick<ShopDetails, 'legalName' | 'nif' | 'address' | 'phone' | 'email'>;

const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';

type Organization = { '@type': 'Organization'; name: string; url: string };

export type JsonLdOffer = {
  '@type': 'Offer';
  name?: string;
  sku?: string;
  price: string;
  priceCurrency: 'EUR';
  availability: string;
  url: string;
  seller: Organization;
};

export type JsonLdAggregateOffer = {
  '@type': 'AggregateOffer';
  lowPrice: string;
  highPrice: string;
  priceCurrency: 'EUR';
  offerCount: number;
  availability: string;
  url: string;
  seller: Organization;
  offers: JsonLdOffer[];
};

export type ProductJsonLd = {
  '@context': 'https://schema.org';
  '@type': 'Product';
  name: string;
  description: string;
  url: string;
  image: string[];
  sku?: string;
  brand: { '@type': 'Brand'; name: string };
  offers: JsonLdOffer | JsonLdAggregateOffer;
};

/** The product page's one address: what search engines should index and what shares link to. */
export const productUrl = (publicUrl: string, id: number) => `${publicUrl}/produtos/${id}`;

/** The largest rendition of an image, as an absolute URL (srcset lists widths smallest first). */
export function absoluteImageUrl(publicUrl: string, image: ImageRef): string {
  const largest = image.srcset.split(',').at(-1)?.trim().split(/\s+/)[0] || image.src;
  return `${publicUrl}${largest}`;
}

/** schema.org wants a price as text with a dot and two decimals ('12.90'); API prices are euros. */
const priceText = (euros: number) => (toCents(euros) / 100).toFixed(2);

/** A digital product never runs out; a physical one is in stock while units are left. */
const availability = (isDigital: boolean, stock: number) => (isDigital || stock > 0 ? IN_STOCK : OUT_OF_STOCK);

/**
 * The schema.org Product of a product page (Google's product rich results). Built from the public
 * answer of `getProduct`; the digital access link is never read, so it cannot leak into the page.
 */
export function productJsonLd(product: Product, publicUrl: string): ProductJsonLd {
  const url = productUrl(publicUrl, product.id);
  const seller: Organization = { '@type': 'Organization', name: shop.name, url: publicUrl };
  const common = { priceCurrency: 'EUR' as const, url, seller };

  let offers: JsonLdOffer | JsonLdAggregateOffer;
  if (product.hasVariants && product.variants.length) {
    const variantOffers = product.variants.map(
      (v): JsonLdOffer => ({
        '@type': 'Offer',
        name: v.name,
        ...(v.sku ? { sku: v.sku } : {}),
        price: priceText(v.price),
        availability: availability(product.isDigital, v.stock),
        ...common,
      }),
    );
    const prices = product.variants.map((v) => v.price);
    offers = {
      '@type': 'AggregateOffer',
      lowPrice: priceText(Math.min(...prices)),
      highPrice: priceText(Math.max(...prices)),
      offerCount: variantOffers.length,
      availability: variantOffers.some((o) => o.availability === IN_STOCK) ? IN_STOCK : OUT_OF_STOCK,
      ...common,
      offers: variantOffers,
    };
  } else {
    offers = { '@type': 'Offer', price: priceText(product.price), availability: availability(product.isDigital, product.stock), ...common };
  }

  // Only a variant carries a SKU: the product has one of its own when it sells as a single variant.
  const single = product.hasVariants && product.variants.length === 1 ? product.variants[0]?.sku : null;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    url,
    image: product.images.map((image) => absoluteImageUrl(publicUrl, image)),
    ...(single ? { sku: single } : {}),
    brand: { '@type': 'Brand', name: shop.name },
    offers,
  };
}

/** The shop as the provider of its services: the legal details of config.shop, the address being free text. */
export type ShopJsonLd = {
  '@type': 'LocalBusiness';
  '@id': string;
  name: string;
  legalName: string;
  url: string;
  email: string;
  telephone: string;
  address: string;
  taxID: string;
};

export type ServiceJsonLd = {
  '@context': 'https://schema.org';
  '@type': 'Service';
  name: string;
  description: string;
  url: string;
  image: string[];
  provider: ShopJsonLd;
  areaServed: { '@type': 'Country'; name: 'Portugal' };
  /** Booking happens on the specialist's external calendar. */
  potentialAction: { '@type': 'ReserveAction'; target: string };
  offers?: { '@type': 'Offer'; price: string; priceCurrency: 'EUR'; url: string };
};

/** The service page's one address. */
export const serviceUrl = (publicUrl: string, id: number) => `${publicUrl}/servicos/${id}`;

export function shopJsonLd(details: ShopIdentity, publicUrl: string): ShopJsonLd {
  return {
    '@type': 'LocalBusiness',
    '@id': `${publicUrl}/#loja`,
    name: shop.name,
    legalName: details.legalName,
    url: publicUrl,
    email: details.email,
    telephone: details.phone,
    address: details.address,
    taxID: details.nif,
  };
}

/** The schema.org Service of a service page; an Offer only when the service has an indicative price. */
export function serviceJsonLd(service: Service, site: { publicUrl: string; shop: ShopIdentity }): ServiceJsonLd {
  const url = serviceUrl(site.publicUrl, service.id);
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: service.name,
    description: service.description,
    url,
    image: service.image ? [absoluteImageUrl(site.publicUrl, service.image)] : [],
    provider: shopJsonLd(site.shop, site.publicUrl),
    areaServed: { '@type': 'Country', name: 'Portugal' },
    potentialAction: { '@type': 'ReserveAction', target: service.schedule_link },
    ...(service.price === null ? {} : { offers: { '@type': 'Offer' as const, price: priceText(service.price), priceCurrency: 'EUR' as const, url } }),
  };
}

/** A collection page's one address. */
export const collectionUrl = (publicUrl: string, slug: string) => `${publicUrl}/colecoes/${encodeURIComponent(slug)}`;

export type CollectionJsonLd = {
  '@context': 'https://schema.org';
  '@type': 'CollectionPage';
  name: string;
  description: string;
  url: string;
  image?: string;
  mainEntity: {
    '@type': 'ItemList';
    numberOfItems: number;
    itemListElement: { '@type': 'ListItem'; position: number; url: string; name: string }[];
  };
};

/**
 * The schema.org CollectionPage of a collection's page, with the products it shows first as an ItemList
 * (Google's carousel of a list page: each item names its page's address).
 */
export function collectionJsonLd(
  page: { collection: { name: string; slug: string; description: string; image: ImageRef | null }; rows: Pick<Product, 'id' | 'name'>[]; count: number },
  description: string,
  publicUrl: string,
): CollectionJsonLd {
  const { collection } = page;
  return {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    name: collection.name,
    description,
    url: collectionUrl(publicUrl, collection.slug),
    ...(collection.image ? { image: absoluteImageUrl(publicUrl, collection.image) } : {}),
    mainEntity: {
      '@type': 'ItemList',
      numberOfItems: page.count,
      itemListElement: page.rows.map((p, index) => ({ '@type': 'ListItem', position: index + 1, url: productUrl(publicUrl, p.id), name: p.name })),
    },
  };
}

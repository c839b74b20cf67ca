import type { Product } from '#shared/schemas/catalog.ts';
import type { Service } from '#shared/schemas/services.ts';
import { shop } from '#shared/shop.ts';
import type { Config } from '../../config.ts';
import { escapeMarkup } from '../../platform/html.ts';
import { absoluteImageUrl, productJsonLd, productUrl, serviceJsonLd, serviceUrl } from './json-ld.ts';

const DESCRIPTION_LENGTH = 155;

/**
 * JSON for a `<script type="application/ld+json">`: `<` written as \u003c so no text can close the
 * script (`</script>`) or open a comment; `>`, `&` and the JS line separators likewise, for the same reason.
 */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The search-result snippet: whitespace collapsed, cut at a word near 155 characters. */
export function metaDescription(text: string, max = DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeMarkup(content)}" />`;

type PageHead = {
  name: string;
  description: string;
  url: string;
  ogType: string;
  image: string | undefined;
  /** Tags of the page's kind that go after og:url (a product's price). */
  extra?: string[];
  jsonLd: unknown;
};

/** Title, description, canonical, Open Graph, Twitter card and JSON-LD: what every page with its own head carries. */
function headTags(page: PageHead): string {
  return [
    `<title>${escapeMarkup(`${page.name} | ${shop.name}`)}</title>`,
    meta('name', 'description', page.description),
    `<link rel="canonical" href="${escapeMarkup(page.url)}" />`,
    meta('property', 'og:type', page.ogType),
    meta('property', 'og:site_name', shop.name),
    meta('property', 'og:locale', 'pt_PT'),
    meta('property', 'og:title', page.name),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', page.url),
    ...(page.image ? [meta('property', 'og:image', page.image), meta('property', 'og:image:alt', page.name)] : []),
    ...(page.extra ?? []),
    meta('name', 'twitter:card', page.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', page.name),
    meta('name', 'twitter:description', page.description),
    ...(page.image ? [meta('name', 'twitter:image', page.image)] : []),
    `<script type="application/ld+json">${jsonForScript(page.jsonLd)}</script>`,
  ].join('\n    ');
}

/** The `<head>` tags of a product page: title, description, canonical, Open Graph, Twitter card and JSON-LD. */
export function productHeadTags(product: Product, publicUrl: string): string {
  const jsonLd = productJsonLd(product, publicUrl);
  const price = 'lowPrice' in jsonLd.offers ? jsonLd.offers.lowPrice : jsonLd.offers.price;
  return headTags({
    name: product.name,
    description: metaDescription(product.description),
    url: productUrl(publicUrl, product.id),
    ogType: 'product',
    image: product.images[0] ? absoluteImageUrl(publicUrl, product.images[0]) : undefined,
    extra: [meta('property', 'product:price:amount', price), meta('property', 'product:price:currency', 'EUR')],
    jsonLd,
  });
}

/** The `<head>` tags of a service page; the short description, when there is one, is the snippet. */
export function serviceHeadTags(service: Service, site: { publicUrl: string; shop: Config['shop'] }): string {
  return headTags({
    name: service.name,
    description: metaDescription(service.short_description.trim() || service.description),
    url: serviceUrl(site.publicUrl, service.id),
    ogType: 'website',
    image: service.image ? absoluteImageUrl(site.publicUrl, service.image) : undefined,
    jsonLd: serviceJsonLd(service, site),
  });
}

/**
 * The app shell with a page's own head tags: the shell's generic title and description give way,
 * the tags go just before `</head>` (or at the top when the shell has no head of its own).
 */
export function withHeadTags(shell: string, tags: string): string {
  const cleaned = shell.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name=["']description["'][^>]*>\s*/i, '');
  // A function replacement: a `$&` in a product's name must stay text, not a replace pattern.
  if (/<\/head>/i.test(cleaned)) return cleaned.replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
  const doctype = /^\s*<!doctype html>/i.exec(cleaned);
  const at = doctype ? doctype[0].length : 0;
  return `${cleaned.slice(0, at)}${tags}${cleaned.slice(at)}`;
}

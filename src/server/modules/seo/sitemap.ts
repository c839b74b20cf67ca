import type { Db } from '../../db/client.ts';
import { escapeMarkup } from '../../platform/html.ts';
import { collectionPages } from '../catalog/collections.ts';
import { productPages } from '../catalog/products.ts';
import { servicePages } from '../services/services.ts';
import { collectionUrl, productUrl, serviceUrl } from '#shared/json-ld.ts';

type Entry = { loc: string; lastmod?: Date | undefined };

/** W3C datetime to the second, as the sitemap protocol asks. */
const w3cDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

const newest = (dates: Date[]) => (dates.length ? new Date(Math.max(...dates.map((d) => d.getTime()))) : undefined);

/** Areas of the shop a crawler has no business in (carts, accounts, the back office, the API). */
export const PRIVATE_PATHS = ['/admin-dashboard', '/api/', '/checkout', '/carrinho', '/perfil', '/minhas-encomendas'] as const;

/**
 * sitemap.xml (sitemaps.org 0.9): the shop's public pages, every product a shopper can open and every
 * service and every published collection, with absolute addresses. A list page changes when one of its items does, so it carries the
 * newest item's date; the other static pages have no date the shop could vouch for. One file holds up
 * to 50 000 addresses (the protocol's limit), far beyond a specialist's range.
 */
export async function sitemapXml(db: Db, publicUrl: string): Promise<string> {
  const [products, services, collections] = await Promise.all([productPages(db), servicePages(db), collectionPages(db)]);
  const physical = products.filter((p) => !p.isDigital).map((p) => p.updatedAt);
  const digital = products.filter((p) => p.isDigital).map((p) => p.updatedAt);
  const entries: Entry[] = [
    { loc: `${publicUrl}/` },
    { loc: `${publicUrl}/sobre` },
    { loc: `${publicUrl}/produtos`, lastmod: newest(physical) },
    { loc: `${publicUrl}/produtos-digitais`, lastmod: newest(digital) },
    { loc: `${publicUrl}/servicos`, lastmod: newest(services.map((s) => s.updatedAt)) },
    { loc: `${publicUrl}/contactos` },
    { loc: `${publicUrl}/termos-privacidade` },
    ...collections.map((c) => ({ loc: collectionUrl(publicUrl, c.slug), lastmod: c.updatedAt })),
    ...products.map((p) => ({ loc: productUrl(publicUrl, p.id), lastmod: p.updatedAt })),
    ...services.map((s) => ({ loc: serviceUrl(publicUrl, s.id), lastmod: s.updatedAt })),
  ];
  const urls = entries.map(
    (e) => `  <url>\n    <loc>${escapeMarkup(e.loc)}</loc>${e.lastmod ? `\n    <lastmod>${w3cDate(e.lastmod)}</lastmod>` : ''}\n  </url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Under /api/ but public: the product and service pictures the pages' Open Graph and JSON-LD point at. */
const PUBLIC_API_PATHS = ['/api/images/'] as const;

/**
 * robots.txt: everything may be crawled but the private areas; the sitemap's address. The pictures' Allow comes
 * before the Disallow of /api/: the longest match wins for Google (RFC 9309), the first line for older crawlers.
 */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...PUBLIC_API_PATHS.map((path) => `Allow: ${path}`),
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

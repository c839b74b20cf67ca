import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productFields } from '#shared/schemas/catalog.ts';
import { serviceFields } from '#shared/schemas/services.ts';
import { SHELL, SITE, useShellApp } from '../../../../tests/helpers/web-shell.ts';
import { createProduct } from '../catalog/products.ts';
import { products } from '../catalog/tables.ts';
import { createService } from '../services/services.ts';
import { services } from '../services/tables.ts';
import { escapeMarkup } from '../../platform/html.ts';
import { sitemapXml } from './sitemap.ts';

const shell = useShellApp();

type Url = { loc: string; lastmod: string | undefined };

const TEXT = String.raw`(?:[^<>&]|&(?:amp|lt|gt|quot|apos);)*`;
const URL_ENTRY = new RegExp(String.raw`  <url>\n    <loc>(${TEXT})</loc>(?:\n    <lastmod>(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)</lastmod>)?\n  </url>\n`, 'gy');
const unescape = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name] as string);

/**
 * Reads a sitemap strictly: the XML declaration, one <urlset> in the sitemaps.org namespace, and nothing but
 * <url> entries of a <loc> and an optional <lastmod>, with every text escaped. Anything else fails the test.
 */
function parseSitemap(xml: string): Url[] {
  const head = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  expect(xml.startsWith(head), 'declaration and urlset').toBe(true);
  expect(xml.endsWith('</urlset>\n'), 'closing urlset').toBe(true);
  const body = `${xml.slice(head.length, -'</urlset>\n'.length)}`;
  const urls: Url[] = [];
  URL_ENTRY.lastIndex = 0;
  let consumed = 0;
  for (let match = URL_ENTRY.exec(body); match; match = URL_ENTRY.exec(body)) {
    urls.push({ loc: unescape(match[1] ?? ''), lastmod: match[2] });
    consumed = URL_ENTRY.lastIndex;
  }
  expect(body.slice(consumed), 'only <url> entries').toBe('');
  return urls;
}

const newProduct = (form: Record<string, unknown>) =>
  createProduct(shell.database.db, productFields.parse({ description: 'Uma descrição.', order: 1, price: '5', stock: '3', ...form }), []);
const newService = (name: string) =>
  createService(shell.database.db, serviceFields.parse({ name, description: 'Uma sessão.', schedule_link: 'https://calendly.com/loja/x' }), null);

describe('sitemap.xml', () => {
  it('lists the static pages, every visible product and every service with absolute URLs; archived products are left out', async () => {
    const caixa = await newProduct({ name: 'Caixa' });
    const guia = await newProduct({ name: 'Guia em PDF', isDigital: 'true', link: 'https://loja.example.pt/downloads/guia.pdf' });
    const retirado = await newProduct({ name: 'Retirado' });
    await shell.database.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, retirado.id));
    const sessao = await newService('Sessão online');
    const mudancas = await newService('Mudanças');
    const [sessaoRow] = await shell.database.db.select().from(services).where(eq(services.id, sessao.id));

    const res = await shell.app.inject({ method: 'GET', url: '/api/seo/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const urls = parseSitemap(res.body);
    const locs = urls.map((u) => u.loc);

    for (const path of ['/', '/sobre', '/produtos', '/produtos-digitais', '/servicos', '/contactos', '/termos-privacidade']) {
      expect(locs, path).toContain(`${SITE}${path}`);
    }
    expect(locs).toContain(`${SITE}/produtos/${caixa.id}`);
    expect(locs).toContain(`${SITE}/produtos/${guia.id}`);
    expect(locs).not.toContain(`${SITE}/produtos/${retirado.id}`);
    expect(locs).toContain(`${SITE}/servicos/${sessao.id}`);
    expect(locs).toContain(`${SITE}/servicos/${mudancas.id}`);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs).toHaveLength(7 + 2 + 2);
    for (const loc of locs) expect(loc.startsWith(`${SITE}/`), loc).toBe(true);

    const entry = (loc: string) => urls.find((u) => u.loc === loc);
    expect(entry(`${SITE}/servicos/${sessao.id}`)?.lastmod).toBe(sessaoRow?.updatedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'));
    for (const loc of locs.filter((l) => /\/(produtos|servicos)\/\d+$/.test(l))) expect(entry(loc)?.lastmod, loc).toBeDefined();
    expect(entry(`${SITE}/servicos`)?.lastmod).toBeDefined();
    expect(entry(`${SITE}/contactos`)?.lastmod).toBeUndefined();
  });

  it('is served at /sitemap.xml too, the same document, not the single-page app', async () => {
    const root = await shell.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { accept: 'text/html' } });
    expect(root.statusCode).toBe(200);
    expect(root.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(root.body).not.toContain('<div id="root">');
    expect(root.body).toBe((await shell.app.inject({ method: 'GET', url: '/api/seo/sitemap.xml' })).body);
  });

  it('escapes what XML reserves, so an odd public address still makes a well-formed document', async () => {
    expect(escapeMarkup(`a&b<c>"d"'e'`)).toBe('a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;');
    const xml = await sitemapXml(shell.database.db, 'https://loja.example.pt/loja?a=1&b=<2>');
    const locs = parseSitemap(xml).map((u) => u.loc);
    expect(locs).toContain('https://loja.example.pt/loja?a=1&b=<2>/sobre');
  });
});

describe('robots.txt', () => {
  it('allows everything but the private areas (pictures under /api/images/ allowed) and points at the sitemap', async () => {
    const res = await shell.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/admin-dashboard', '/api/', '/checkout', '/carrinho', '/perfil', '/minhas-encomendas']) {
      expect(lines, path).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain('Allow: /');
    // Product and service pictures (Open Graph, JSON-LD) live under /api/images/: crawlers may fetch them, and
    // the Allow comes first for crawlers that take the first matching line.
    expect(lines.indexOf('Allow: /api/images/')).toBeGreaterThan(0);
    expect(lines.indexOf('Allow: /api/images/')).toBeLessThan(lines.indexOf('Disallow: /api/'));
    expect(lines.filter((l) => l.startsWith('Disallow:'))).toHaveLength(6);
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });

  it('leaves the sitemap page to the single-page app', async () => {
    const res = await shell.app.inject({ method: 'GET', url: '/sitemap', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SHELL);
  });
});

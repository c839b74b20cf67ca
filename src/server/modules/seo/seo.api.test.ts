import { utimesSync, writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { catalogMessages, productFields } from '#shared/schemas/catalog.ts';
import { pngImage } from '../../../../tests/helpers/images.ts';
import { SHELL, SITE, structuredData, useShellApp } from '../../../../tests/helpers/web-shell.ts';
import { serviceFields } from '#shared/schemas/services.ts';
import { createProduct } from '../catalog/products.ts';
import { createService } from '../services/services.ts';
import { products } from '../catalog/tables.ts';
import { processImage } from '../media/processing.ts';

const shell = useShellApp();

const picture = async () => processImage(await pngImage(800, 600, '#c49a6c'), { allowSvg: false });

type Form = Record<string, unknown>;
const newProduct = async (form: Form, images = 0) => {
  const uploads = [];
  for (let i = 0; i < images; i++) uploads.push(await picture());
  return createProduct(shell.database.db, productFields.parse({ description: 'Uma descrição.', order: 1, ...form }), uploads);
};

const metadata = (id: number | string) => shell.app.inject({ method: 'GET', url: `/api/seo/metadata/product/${id}` });

describe('GET /api/seo/metadata/product/:id', () => {
  it('answers a simple product as schema.org Product with one Offer and absolute image URLs', async () => {
    const p = await newProduct({ name: 'Caixa organizadora', price: '12,90', stock: '4' }, 2);
    const ld = structuredData(await metadata(p.id));
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Caixa organizadora',
      description: 'Uma descrição.',
      brand: { '@type': 'Brand', name: 'Loja' },
      offers: {
        '@type': 'Offer',
        price: '12.90',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        url: `${SITE}/produtos/${p.id}`,
        seller: { '@type': 'Organization', name: 'Loja' },
      },
    });
    expect(ld.sku).toBeUndefined();
    expect(ld.image).toHaveLength(2);
    for (const url of ld.image) {
      expect(url).toMatch(new RegExp(`^${SITE}/api/images/\\d+/[0-9a-f]{12}/800\\.webp$`));
      const file = await shell.app.inject({ method: 'GET', url: url.slice(SITE.length) });
      expect(file.statusCode).toBe(200);
    }
  });

  it('is OutOfStock for a physical product without units, InStock for a digital one whatever its stock', async () => {
    const physical = await newProduct({ name: 'Cesto esgotado', price: '13,50', stock: '0' });
    expect((await metadata(physical.id)).json().offers.availability).toBe('https://schema.org/OutOfStock');
    const digital = await newProduct({ name: 'Guia em PDF', price: '7,90', stock: '0', isDigital: 'true', link: 'https://loja.example.pt/downloads/guia-secreto.pdf' });
    const res = await metadata(digital.id);
    expect(res.json().offers.availability).toBe('https://schema.org/InStock');
    expect(res.body).not.toContain('guia-secreto');
    expect(res.body).not.toContain('downloads');
  });

  it('answers a product with variants as an AggregateOffer with an Offer per variant', async () => {
    const p = await newProduct({
      name: 'Planner semanal',
      hasVariants: 'true',
      variants: JSON.stringify([
        { name: 'Verde', price: '18,50', stock: 3, sku: 'SEO-PLN-V' },
        { name: 'Terracota', price: '21', stock: 0, sku: 'SEO-PLN-T' },
        { name: 'Azul', price: '16,90', stock: 2 },
      ]),
    });
    const ld = (await metadata(p.id)).json();
    expect(ld.offers).toMatchObject({
      '@type': 'AggregateOffer',
      lowPrice: '16.90',
      highPrice: '21.00',
      priceCurrency: 'EUR',
      offerCount: 3,
      availability: 'https://schema.org/InStock',
    });
    expect(ld.offers.offers).toEqual([
      expect.objectContaining({ '@type': 'Offer', name: 'Verde', sku: 'SEO-PLN-V', price: '18.50', availability: 'https://schema.org/InStock' }),
      expect.objectContaining({ '@type': 'Offer', name: 'Terracota', sku: 'SEO-PLN-T', price: '21.00', availability: 'https://schema.org/OutOfStock' }),
      expect.objectContaining({ '@type': 'Offer', name: 'Azul', price: '16.90', availability: 'https://schema.org/InStock' }),
    ]);
    expect(ld.offers.offers[2].sku).toBeUndefined();
    expect(ld.sku).toBeUndefined();
  });

  it('names the SKU of a product sold as a single variant', async () => {
    const p = await newProduct({ name: 'Cabides', hasVariants: 'true', variants: JSON.stringify([{ name: 'Preto', price: '14,90', stock: 5, sku: 'SEO-CAB-P' }]) });
    const ld = (await metadata(p.id)).json();
    expect(ld.sku).toBe('SEO-CAB-P');
    expect(ld.offers).toMatchObject({ '@type': 'AggregateOffer', lowPrice: '14.90', highPrice: '14.90', offerCount: 1 });
  });

  it("is a 404 with 'Produto não encontrado.' for an unknown or archived product, a 400 for a bad id", async () => {
    const absent = await metadata(999_999);
    expect(absent.statusCode).toBe(404);
    expect(absent.json().error).toBe(catalogMessages.productNotFound);

    const p = await newProduct({ name: 'Produto arquivado', price: '5', stock: '1' });
    await shell.database.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, p.id));
    const archived = await metadata(p.id);
    expect(archived.statusCode).toBe(404);
    expect(archived.json().error).toBe(catalogMessages.productNotFound);

    expect((await metadata('abc')).statusCode).toBe(400);
  });
});

describe('product pages served with their head filled in', () => {
  const page = (url: string) => shell.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

  it('carries title, description, canonical, Open Graph, Twitter card and JSON-LD in <head>', async () => {
    const description = `Caixa   em cartão\nrígido forrado a linho. ${'Empilha-se sem deformar e guarda tudo. '.repeat(6)}`;
    const p = await newProduct({ name: 'Caixa "Linho" <Grande> & forte', description, price: '21,90', stock: '2' }, 1);
    const res = await page(`/produtos/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");

    const head = headOf(res.body);
    const canonical = `${SITE}/produtos/${p.id}`;
    const name = 'Caixa &quot;Linho&quot; &lt;Grande&gt; &amp; forte';
    expect(head).toContain(`<title>Caixa &quot;Linho&quot; &lt;Grande&gt; &amp; forte | Loja</title>`);
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(head).toContain(`<link rel="canonical" href="${canonical}"/>`);
    expect(head).toContain('<meta property="og:type" content="product"/>');
    expect(head).toContain(`<meta property="og:title" content="${name}"/>`);
    expect(head).toContain(`<meta property="og:url" content="${canonical}"/>`);
    expect(head).toContain('<meta property="og:locale" content="pt_PT"/>');
    expect(head).toContain('<meta property="og:site_name" content="Loja"/>');
    expect(head).toMatch(new RegExp(`<meta property="og:image" content="${SITE}/api/images/\\d+/[0-9a-f]{12}/800\\.webp"/>`));
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(head).toContain(`<meta name="twitter:title" content="${name}"/>`);

    const meta = /<meta name="description" content="([^"]*)"\/>/.exec(head)?.[1] ?? '';
    expect(meta.startsWith('Caixa em cartão rígido forrado a linho. Empilha-se')).toBe(true);
    expect(meta.length).toBeLessThanOrEqual(160);
    expect(meta.endsWith('…')).toBe(true);
    expect(head).toContain(`<meta property="og:description" content="${meta}"/>`);

    const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head)?.[1] ?? '';
    expect(script).not.toContain('<');
    expect(JSON.parse(script)).toEqual((await metadata(p.id)).json());
    // The page itself is in the first answer too, not only its head.
    expect(res.body).toContain(`<h1 class="h2 text-break mb-2">${name}</h1>`);
  });

  it('gives every public page its canonical address and Open Graph tags; /sobre names the home page as its address', async () => {
    const p = await newProduct({ name: 'Caixa de sapatos', price: '9,90', stock: '3' });
    const service = await createService(
      shell.database.db,
      serviceFields.parse({ name: 'Sessão de arrumação', description: 'Uma manhã.', schedule_link: 'https://calendly.com/loja/sessao' }),
      null,
    );
    const pages: [url: string, canonical: string, title: string][] = [
      ['/', `${SITE}/`, 'Início'],
      ['/sobre', `${SITE}/`, 'Sobre'],
      ['/produtos', `${SITE}/produtos`, 'Produtos'],
      ['/produtos?q=caixa&sort=price_desc', `${SITE}/produtos`, 'Produtos'],
      ['/produtos-digitais', `${SITE}/produtos-digitais`, 'Produtos Digitais'],
      [`/produtos/${p.id}`, `${SITE}/produtos/${p.id}`, 'Caixa de sapatos'],
      ['/servicos', `${SITE}/servicos`, 'Serviços'],
      ['/contactos', `${SITE}/contactos`, 'Contactos'],
      ['/termos-privacidade', `${SITE}/termos-privacidade`, 'Termos e Privacidade'],
      [`/servicos/${service.id}`, `${SITE}/servicos/${service.id}`, 'Sessão de arrumação'],
    ];
    for (const [url, canonical, title] of pages) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      const head = headOf(res.body);
      expect(head.match(/<title>/g), url).toHaveLength(1);
      expect(head, url).toContain(`<title>${title} | Loja</title>`);
      expect(head.match(/rel="canonical"/g), url).toHaveLength(1);
      expect(head, url).toContain(`<link rel="canonical" href="${canonical}"/>`);
      expect(head, url).toContain(`<meta property="og:url" content="${canonical}"/>`);
      for (const property of ['og:type', 'og:title', 'og:description', 'og:site_name', 'og:locale']) expect(head, `${url} ${property}`).toContain(`<meta property="${property}"`);
      expect(head, url).toContain('<meta name="twitter:card"');
      expect(head, url).not.toContain('noindex');
    }
  });

  it('never puts the digital access link in the page', async () => {
    const p = await newProduct({ name: 'Workshop gravado', price: '29', stock: '0', isDigital: 'true', link: 'https://loja.example.pt/downloads/workshop-secreto' });
    const res = await page(`/produtos/${p.id}`);
    expect(res.body).toContain('<title>Workshop gravado | Loja</title>');
    expect(res.body).not.toContain('workshop-secreto');
  });

  it('keeps a name that tries to close the script as harmless text', async () => {
    const p = await newProduct({ name: '</script><script>alert(1)</script>', price: '3', stock: '1' });
    const res = await page(`/produtos/${p.id}`);
    expect(res.body).not.toContain('<script>alert(1)');
    // The JSON-LD and the state handed to the browser: nothing in them closed a script early.
    expect(res.body.match(/<\/script>/g)).toHaveLength(2);
  });

  it('serves the plain app shell (200) for every page the browser renders alone, the storefront rendered (200)', async () => {
    for (const url of ['/perfil', '/minhas-encomendas/12', '/recuperar-senha/abc', '/sandbox/mbway/req-1', '/orders', '/admin-dashboard/edit-user/x']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(SHELL);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    for (const url of ['/', '/produtos', '/servicos?q=x']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<script type="application/json" id="loja-server-state">');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers 404 with the app shell and noindex for an unknown page, an unknown or archived product and an unknown service (issue #12)', async () => {
    const p = await newProduct({ name: 'Retirado da loja', price: '5', stock: '1' });
    await shell.database.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, p.id));
    const pages = {
      'Página não encontrada': ['/nao-existe', '/produtos/1/extra'],
      'Produto não encontrado ou sem imagens.': ['/produtos/999999', '/produtos/abc', '/produtos/0', `/produtos/${p.id}`],
      'Serviço não encontrado': ['/servicos/999999'],
    };
    for (const [heading, urls] of Object.entries(pages)) {
      for (const url of urls) {
        const res = await page(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toContain('text/html');
        expect(res.body, url).toContain('<meta name="robots" content="noindex"/>');
        expect(res.body, url).not.toContain('rel="canonical"');
        expect(res.body, url).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
        // The browser renders a missing page afresh: no state to take over.
        expect(res.body, url).not.toContain('loja-server-state');
      }
    }
    const live = await newProduct({ name: 'Caixa viva', price: '5', stock: '1' });
    const ok = await page(`/produtos/${live.id}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).not.toContain('noindex');
  });

  it('keeps API paths and other methods a JSON 404', async () => {
    const api = await page('/api/nao-existe');
    expect(api.statusCode).toBe(404);
    expect(api.json().error).toBe(messages.notFound);
    const p = await newProduct({ name: 'Caixa', price: '5', stock: '1' });
    const post = await shell.app.inject({ method: 'POST', url: `/produtos/${p.id}`, payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('reads index.html again after a rebuild changes it', async () => {
    const p = await newProduct({ name: 'Etiquetas', price: '4,90', stock: '10' });
    expect((await page(`/produtos/${p.id}`)).body).not.toContain('index-novo.js');
    writeFileSync(shell.shellFile, SHELL.replace('</head>', '<script type="module" src="/assets/index-novo.js"></script>\n  </head>'));
    const later = new Date(Date.now() + 5_000);
    utimesSync(shell.shellFile, later, later);
    const res = await page(`/produtos/${p.id}`);
    expect(res.body).toContain('/assets/index-novo.js');
    expect(res.body).toContain('<title>Etiquetas | Loja</title>');
    writeFileSync(shell.shellFile, SHELL);
  });
});

describe('the sandbox notice', () => {
  const shop = useShellApp({ PAYMENT_GATEWAY: 'sandbox' });

  it('says on every page, in the HTML itself, that payments are fictitious while the sandbox is the gateway', async () => {
    for (const url of ['/', '/produtos', '/checkout', '/minhas-encomendas']) {
      const res = await shop.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<body><aside class="demo-notice" aria-label="Aviso">Modo de demonstração: os pagamentos são fictícios</aside><div id="root">');
    }
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PUBLIC_URL, useTestApp } from '../../../../tests/helpers/app.ts';
import { insertProduct } from '../../../../tests/helpers/shop.ts';
import { render } from '../../../web/entry-server.tsx';
import { injectTransport } from './server-render.ts';

const ctx = useTestApp();

const renderPage = async (path: string) => {
  const page = await render(`${PUBLIC_URL}${path}`, injectTransport((options) => ctx.app.inject(options)));
  if (!page) throw new Error(`${path} was not rendered`);
  return page;
};

describe('the storefront rendered on the server', () => {
  it('writes a product page with its name, price, stock state and breadcrumbs, and hands its data to the browser', async () => {
    const product = await insertProduct(ctx, { name: 'Caixa de chapéus', description: 'Caixa redonda forrada a linho.', priceCents: 2490, stock: 3 });
    const page = await renderPage(`/produtos/${product.id}`);
    expect(page.html).toContain('<h1');
    expect(page.html).toContain('Caixa de chapéus');
    expect(page.html).toMatch(/24,90\s€/);
    expect(page.html).toContain('Caixa redonda forrada a linho.');
    expect(page.html).toContain('aria-label="Navegação estrutural"');
    expect(page.head).toContain('<title>Caixa de chapéus | Loja</title>');
    expect(page.state).toMatch(/^<script type="application\/json" id="loja-server-state">/);
    expect(page.state).toContain(`"detail","${product.id}"`);
    // Nothing in the data can end the script early.
    expect(page.state.match(/<\/script>/g)).toHaveLength(1);
  });

  it("reads a product page's product once: its route's loader fetches it, the page and its head use that answer", async () => {
    const product = await insertProduct(ctx, { name: 'Cesto de vime', description: 'Cesto redondo.', priceCents: 1890, stock: 2 });
    const asked: string[] = [];
    const transport = injectTransport((options) => ctx.app.inject(options));
    const counting: typeof fetch = async (input, init) => {
      asked.push(new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, PUBLIC_URL).pathname);
      return transport(input, init);
    };
    const page = await render(`${PUBLIC_URL}/produtos/${product.id}`, counting);
    expect(page?.status).toBe(200);
    expect(page?.html).toContain('Cesto de vime');
    expect(page?.head).toContain('<title>Cesto de vime | Loja</title>');
    expect(asked.filter((path) => path === `/api/product/${product.id}`)).toHaveLength(1);
    // The related products below it are fetched as the customer scrolls near them, never here.
    expect(asked.filter((path) => path.startsWith('/api/product'))).toHaveLength(1);
  });

  it("writes the cart page from the visitor's cart cookie: its lines, their forms and the server's totals (decision 0056)", async () => {
    const product = await insertProduct(ctx, { name: 'Cesto de junco', priceCents: 1590, stock: 5 });
    const transport = injectTransport((options) => ctx.app.inject(options));
    const page = await render(`${PUBLIC_URL}/carrinho?adicionado=${product.id}`, transport, `sessao=x; cart=${product.id}.0.2`);
    expect(page?.status).toBe(200);
    expect(page?.head).toContain('<title>Carrinho | Loja</title>');
    // The head is written apart (the route's), never a second title in the page's body.
    expect(page?.html).not.toContain('<title>');
    expect(page?.html).toContain('Cesto de junco foi adicionado ao carrinho.');
    expect(page?.html).toContain(`action="/carrinho/alterar" method="post"><input type="hidden" name="product_id" value="${product.id}"/>`);
    expect(page?.html).toContain('name="quantity"');
    expect(page?.html).toContain('value="2"');
    expect(page?.html).toContain('action="/carrinho/remover"');
    // 2 x 15,90 € and the mainland's 6,00 € delivery below 70,00 €.
    expect(page?.html).toMatch(/31,80\s€/);
    expect(page?.html).toMatch(/37,80\s€/);
    // Without a cookie: the empty cart.
    const empty = await render(`${PUBLIC_URL}/carrinho`, transport);
    expect(empty?.html).toContain('O seu carrinho está vazio.');
  });

  it('answers 404 with the not-found page for an unknown address, a missing product and a missing service, and no state to take over', async () => {
    for (const [path, heading] of [
      ['/nao-existe', 'Página não encontrada'],
      ['/produtos/999999', 'Produto não encontrado ou sem imagens.'],
      ['/servicos/999999', 'Serviço não encontrado'],
    ] as const) {
      const page = await renderPage(path);
      expect(page.status, path).toBe(404);
      expect(page.html, path).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      expect(page.head, path).toContain('<meta name="robots" content="noindex"/>');
      expect(page.state, path).toBe('');
    }
  });

  it('leaves the pages the browser renders alone to it', async () => {
    for (const path of ['/checkout', '/perfil', '/admin-dashboard', '/minhas-encomendas/3']) {
      expect(await render(`${PUBLIC_URL}${path}`, injectTransport((options) => ctx.app.inject(options))), path).toBeNull();
    }
  });

  it('writes the product list with its cards and pagination links', async () => {
    for (let i = 0; i < 13; i++) await insertProduct(ctx, { name: `Etiqueta n.º ${i}`, priceCents: 100 + i, stock: 5 });
    const page = await renderPage('/produtos');
    expect(page.html).toContain('Etiqueta n.º 0');
    expect(page.html).toMatch(/1,00\s€/);
    expect(page.html).toMatch(/href="\/produtos\?page=2"/);
    // Another page of the list is another address; its search and sort are not.
    expect((await renderPage('/produtos?page=2&sort=price_desc')).head).toContain(`<link rel="canonical" href="${PUBLIC_URL}/produtos?page=2"/>`);
  });

  it('names for each rendered page the module its route loads (its style sheet and code go in the head)', () => {
    const routes = readFileSync(new URL('../../../web/routes.tsx', import.meta.url), 'utf8');
    const pages = [...routes.matchAll(/module: '([^']+)',\s*lazy: async \(\) => \(\{ Component: \(await import\('\.\/([^']+)'\)\)/g)];
    expect(pages.length).toBeGreaterThanOrEqual(10);
    for (const [, module, imported] of pages) expect(imported).toBe(module);
    expect(routes.match(/serverPage\(queries,/g)).toHaveLength(pages.length);
  });
});

import type { Page } from '@playwright/test';
import { baseURL, expect, test } from './fixtures.ts';

// The catalogue's pages arrive server-rendered (issue #14): read with JavaScript off, they already hold their
// content; with it on, the app takes the page over without asking the API again for what it was rendered with.

/** The API's data calls a page makes while it loads: pictures and the session probe aside (a visitor's session is never rendered). */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/images/') && url.pathname !== '/api/user/profile') calls.push(`${url.pathname}${url.search}`);
  });
  return calls;
}

test.describe('páginas do catálogo feitas no servidor', () => {
  test('a lista, um produto e os serviços leem-se sem JavaScript; um produto que não existe é um 404 que o diz', async ({ browser }) => {
    // A context of its own: the harness's page checks (axe) run scripts in the page, which this one refuses.
    // The same pages pass axe with scripts on in the test below and in the catalogue journeys.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto('/produtos');
      // The cards' names (the filters and the collections beside the list have headings of their own, issue #30).
      const headings = page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 2 });
      await expect(headings.first()).toBeVisible();
      const shown = await headings.allInnerTexts();
      expect(shown.length).toBe(12);
      // The physical products the API lists now (other journeys in this shop add their own).
      const physical = await context.request.get('/api/product', { params: { isDigital: 'false', pageSize: '100' } });
      const physicalNames = ((await physical.json()) as { rows: { name: string }[] }).rows.map((p) => p.name);
      for (const name of shown) expect(physicalNames).toContain(name);
      await expect(page.getByRole('main').getByText(/\d+,\d{2}\s€/).first()).toBeVisible();
      await expect(page.getByRole('link', { name: /Página 2|^2$/ }).first()).toHaveAttribute('href', /page=2/);

      await page.getByRole('main').getByRole('link', { name: shown[0] }).first().click();
      await expect(page).toHaveURL(/\/produtos\/\d+$/);
      await expect(page.getByRole('heading', { level: 1, name: shown[0] })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Navegação estrutural' })).toBeVisible();
      await expect(page).toHaveTitle(`${shown[0]} | Loja`);

      await page.goto('/servicos');
      await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();

      const missing = await page.goto('/produtos/999999');
      expect(missing?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Produto não encontrado ou sem imagens.' })).toBeVisible();
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      const unknown = await page.goto('/nao-existe');
      expect(unknown?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('com JavaScript, a página toma conta do que veio do servidor sem voltar a pedir os mesmos dados', async ({ page }) => {
    const calls = apiCalls(page);
    for (const path of ['/', '/produtos', '/servicos']) {
      calls.length = 0;
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(calls, `${path} asked again for its data`).toEqual([]);
    }

    // After hydration the page is the app: a link is followed in the browser, and the cart button works.
    calls.length = 0;
    await page.goto('/produtos');
    // The first card (the collections' links beside the list are list items too).
    const first = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) }).first();
    const name = await first.getByRole('heading', { level: 2 }).innerText();
    await first.getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    expect(calls.some((call) => call.startsWith('/api/product/'))).toBe(true);

    // The head: the page's own style sheet, its main picture preloaded first, and no code fetched by the head
    // (start.js fetches it once the page has loaded).
    const html = await (await page.request.get(`${baseURL}/`)).text();
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/home-page-[^"]+\.css">/);
    expect(html).toMatch(/<link rel="preload" as="image"[^>]*fetchPriority="high"/);
    expect(html).toContain('<script type="module" src="/start.js"></script>');
    expect(html).toMatch(/<meta name="loja-app" content="\/assets\/index-[^" ]+\.js [^"]*\/assets\/home-page-[^"]+\.js/);
    expect(html).not.toMatch(/<script type="module" crossorigin|rel="modulepreload"/);
    // The shop's typeface (styles/theme.scss): preloaded from the head under its built name, and drawn.
    const font = /<link rel="preload" href="(\/assets\/figtree-[^"]+\.woff2)" as="font" type="font\/woff2" crossorigin="">/.exec(html)?.[1];
    expect(font, 'the typeface is preloaded').toBeDefined();
    expect((await page.request.get(`${baseURL}${font ?? ''}`)).headers()['content-type']).toBe('font/woff2');
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => [...document.fonts].some((face) => face.family.includes('Figtree') && face.status === 'loaded'))).toBe(true);

    const response = await page.request.get(`${baseURL}/produtos/999999`);
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('Produto não encontrado ou sem imagens.');
    // The browser renders a missing product afresh and says the same, with one title.
    await page.goto('/produtos/999999');
    await expect(page.getByRole('heading', { level: 1, name: 'Produto não encontrado ou sem imagens.' })).toBeVisible();
    await expect(page).toHaveTitle('Produto não encontrado | Loja');
    expect(await page.locator('head title').count()).toBe(1);
  });
});

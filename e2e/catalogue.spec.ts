import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { demoCatalogue } from '../src/server/modules/catalog/demo/catalogue.ts';
import { expect, expectAccessible, patience, test, urlOf } from './fixtures.ts';
import { afterTwoFrames, expectImagesLoaded } from './shop-helpers.ts';

// The shop these journeys browse is the demo catalogue e2e/serve.ts seeds (DEMO_CATALOGUE=true): what the
// pages should show is worked out from that list, so a change to it changes the expectations with it.

const PAGE_SIZE = 12;
const cents = (euros: string) => {
  const [whole = '0', fraction = ''] = euros.split(',');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};
/** 1290 -> '12,90 €' as the shop writes it (pt-PT; the space before € is a no-break space, matched by \s). */
const euros = (c: number) => `${Math.floor(c / 100)},${String(c % 100).padStart(2, '0')} €`;

const demo = demoCatalogue.map((item, position) => {
  const variants = (item.variants ?? []).map((v) => ({ ...v, cents: cents(v.price) }));
  const minCents = variants.length ? Math.min(...variants.map((v) => v.cents)) : cents(item.price ?? '0');
  // A digital product never runs out.
  const inStock = (item.isDigital ?? false) || (variants.length ? variants.some((v) => v.stock > 0) : (item.stock ?? 0) > 0);
  return { name: item.name, position, isDigital: item.isDigital ?? false, variants, minCents, inStock };
});
type DemoItem = (typeof demo)[number];

// Sorted as the server does: those in stock first (sold-out last, issue #30), then by the shown price, then by id
// (the seed inserts in catalogue order).
const byPrice = (a: DemoItem, b: DemoItem) => a.minCents - b.minCents || a.position - b.position;
const soldOutLast = (list: DemoItem[], order: (a: DemoItem, b: DemoItem) => number) => [
  ...list.filter((p) => p.inStock).sort(order),
  ...list.filter((p) => !p.inStock).sort(order),
];
const physical = soldOutLast(demo.filter((p) => !p.isDigital), byPrice);
const digital = soldOutLast(demo.filter((p) => p.isDigital), byPrice);
const priceText = (p: DemoItem) => (p.variants.length ? `A partir de ${euros(p.minCents)}` : euros(p.minCents));

const withVariants = demo.find((p) => !p.isDigital && p.variants.length >= 2 && (p.variants[1]?.stock ?? 0) >= 2);
const outOfStock = demo.find((p) => !p.isDigital && !p.variants.length && !p.inStock);
const emptyText = 'Nenhum produto encontrado. Tente ajustar os filtros de pesquisa.';

const cards = (page: Page): Locator =>
  page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
const cardNames = (page: Page): Locator => page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 2 });
const card = (page: Page, name: string): Locator => cards(page).filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
const searchBox = (page: Page) => page.getByRole('main').getByLabel('Pesquisar', { exact: true });
const sortSelect = (page: Page) => page.getByRole('main').getByLabel('Ordenar por', { exact: true });

/** The prices on the cards, in cents, in the order shown. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await cards(page).allInnerTexts();
  return texts.map((text) => {
    const match = /(\d+),(\d{2})\s€/.exec(text);
    if (!match) throw new Error(`a card without a price: ${text}`);
    return Number(match[1]) * 100 + Number(match[2]);
  });
}

/** The cart as stored in the browser (localStorage 'cart'). */
const storedCart = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as { id: string; productId: number; price: number; quantity: number; variant: { id: number; name: string } | null }[]);

const cartLink = (page: Page) => page.getByRole('navigation').getByRole('link', { name: /^Carrinho/ });

test.describe('catálogo', () => {
  test.beforeAll(() => {
    // The journeys below rely on these being in the demo catalogue.
    expect(physical.length, 'more than one page of physical products').toBeGreaterThan(PAGE_SIZE);
    expect(withVariants, 'a physical product whose second variant has stock').toBeDefined();
    expect(outOfStock, 'a physical product without variants and without stock').toBeDefined();
  });

  test('/produtos: 12 por página, do mais barato; ordenar pelo mais caro', async ({ page }) => {
    await page.goto('/produtos');
    await expect(page.getByRole('heading', { level: 1, name: 'Produtos' })).toBeVisible();
    await expect(sortSelect(page)).toHaveValue('price_asc');
    await expect(cardNames(page)).toHaveText(physical.slice(0, PAGE_SIZE).map((p) => p.name));
    const prices = await cardPrices(page);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices).toEqual(physical.slice(0, PAGE_SIZE).map((p) => p.minCents));
    // With variants the card reads 'A partir de' the lowest variant price.
    for (const product of physical.slice(0, PAGE_SIZE)) await expect(card(page, product.name)).toContainText(priceText(product));
    await expect(page.getByRole('main')).toContainText(`${physical.length} produtos encontrados · página 1 de ${Math.ceil(physical.length / PAGE_SIZE)}`);

    await sortSelect(page).selectOption('price_desc');
    await expect(page).toHaveURL(urlOf('/produtos?sort=price_desc'));
    const descending = soldOutLast(demo.filter((p) => !p.isDigital), (a, b) => byPrice(b, a));
    await expect(cardNames(page)).toHaveText(descending.slice(0, PAGE_SIZE).map((p) => p.name));
    const highest = Math.max(...physical.filter((p) => p.inStock).map((p) => p.minCents));
    const sorted = await cardPrices(page);
    expect(sorted[0]).toBe(highest);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    await expect(cards(page).first()).toContainText(euros(highest));
    await expectAccessible(page, 'lista ordenada do mais caro');

    // The sort survives a reload (it is in the address).
    await page.reload();
    await expect(sortSelect(page)).toHaveValue('price_desc');
    await expect(cardNames(page).first()).toHaveText(descending[0]?.name ?? '');
  });

  test('/produtos: pesquisa por parte do nome, sem distinguir maiúsculas; recarregar mantém-na e Voltar a retira', async ({ page }) => {
    const target = demo.find((p) => p.name === 'Organizador de gaveta em bambu');
    expect(target, 'the bamboo organiser in the demo catalogue').toBeDefined();
    const query = 'gAVeTa Em BAMbu';
    const matches = physical.filter((p) => p.name.toLowerCase().includes(query.toLowerCase()));
    expect(matches.map((p) => p.name)).toEqual([target?.name]);

    await page.goto('/produtos');
    await expect(cardNames(page)).toHaveCount(PAGE_SIZE);

    await searchBox(page).fill(query);
    await expect(page).toHaveURL(urlOf(`/produtos?q=${encodeURIComponent(query).replace(/%20/g, '+')}`));
    await expect(cardNames(page)).toHaveText(matches.map((p) => p.name));
    await expect(page.getByRole('main')).toContainText('1 produto encontrado');
    await expect(page.getByRole('navigation', { name: 'Paginação' })).toHaveCount(0);
    await expectAccessible(page, 'resultado da pesquisa');

    await page.reload();
    await expect(searchBox(page)).toHaveValue(query);
    await expect(cardNames(page)).toHaveText(matches.map((p) => p.name));

    await page.goBack();
    await expect(page).toHaveURL(urlOf('/produtos'));
    await expect(searchBox(page)).toHaveValue('');
    await expect(cardNames(page)).toHaveText(physical.slice(0, PAGE_SIZE).map((p) => p.name));

    // A digital product's name is not found among the physical ones.
    const digitalName = digital[0]?.name ?? '';
    await searchBox(page).fill(digitalName.toUpperCase());
    await expect(page.getByRole('main').getByText(emptyText, { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);

    await searchBox(page).fill('xyzzy-não-existe');
    await expect(page).toHaveURL(/[?&]q=xyzzy/);
    await expect(page.getByRole('main').getByText(emptyText, { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expectAccessible(page, 'pesquisa sem resultados');
  });

  test('/produtos: a página 2 mostra os restantes produtos', async ({ page }) => {
    await page.goto('/produtos');
    await expect(cardNames(page)).toHaveCount(PAGE_SIZE);
    const pagination = page.getByRole('navigation', { name: 'Paginação' });
    await expect(pagination).toBeVisible();
    await pagination.getByRole('link', { name: 'Página 2', exact: true }).click();
    await expect(page).toHaveURL(urlOf('/produtos?page=2'));
    const rest = physical.slice(PAGE_SIZE, 2 * PAGE_SIZE);
    await expect(cardNames(page)).toHaveText(rest.map((p) => p.name));
    expect(await cardPrices(page)).toEqual(rest.map((p) => p.minCents));
    await expect(page.getByRole('main')).toContainText('página 2 de 2');
    await expect(pagination.locator('[aria-current="page"]')).toContainText('Página 2');
    // Every physical product appears on exactly one of the two pages.
    expect(PAGE_SIZE + rest.length).toBe(physical.length);
    await expectAccessible(page, 'página 2');

    await pagination.getByRole('link', { name: 'Página anterior', exact: true }).click();
    await expect(page).toHaveURL(urlOf('/produtos'));
    await expect(cardNames(page)).toHaveText(physical.slice(0, PAGE_SIZE).map((p) => p.name));
  });

  test('/produtos-digitais: só produtos digitais, sem botão de carrinho', async ({ page }) => {
    await page.goto('/produtos-digitais');
    await expect(page.getByRole('heading', { level: 1, name: 'Produtos Digitais' })).toBeVisible();
    await expect(cardNames(page)).toHaveText(digital.map((p) => p.name));
    expect(await cardPrices(page)).toEqual(digital.map((p) => p.minCents));
    await expect(page.getByRole('main').getByRole('button', { name: /carrinho/i })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: /^Ver Detalhes de / })).toHaveCount(digital.length);
    await expect(page.getByRole('main').getByText('Fora de stock')).toHaveCount(0);

    const first = digital[0]?.name ?? '';
    await page.getByRole('link', { name: `Ver Detalhes de ${first}`, exact: true }).click();
    await expect(page).toHaveURL(/\/produtos\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
    await expect(page.getByText('Produto Digital', { exact: true })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Navegação estrutural' });
    await expect(crumbs.getByRole('link', { name: 'Produtos Digitais', exact: true })).toBeVisible();
  });

  test('produto com variantes: escolher a segunda, quantidade 2, adicionar duas vezes à mesma linha', async ({ page }) => {
    const product = withVariants as DemoItem;
    const second = product.variants[1] as DemoItem['variants'][number];

    await page.goto('/produtos');
    await expect(card(page, product.name)).toContainText(priceText(product));
    await expect(cartLink(page)).toHaveAccessibleName('Carrinho');
    await page.getByRole('link', { name: `Ver Detalhes de ${product.name}`, exact: true }).click();
    await expect(page).toHaveURL(/\/produtos\/\d+$/);
    const productId = Number(new URL(page.url()).pathname.split('/').pop());

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Navegação estrutural' });
    await expect(crumbs.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await expect(crumbs.getByRole('link', { name: 'Produtos', exact: true })).toHaveAttribute('href', '/produtos');
    await expect(crumbs).toContainText(product.name);
    await expect(main.getByRole('button', { name: 'Editar Produto' })).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'Editar Produto' })).toHaveCount(0);

    const variant = main.getByLabel('Variante', { exact: true });
    // The first variant is preselected.
    await expect(variant.locator('option:checked')).toContainText(product.variants[0]?.name ?? '');
    await variant.selectOption({ index: 1 });
    await expect(variant.locator('option:checked')).toContainText(second.name);
    await expect(main.getByText(euros(second.cents), { exact: true })).toBeVisible();
    await expect(main.getByText(`${second.stock} unidades disponíveis`)).toBeVisible();

    const quantity = main.getByLabel('Quantidade', { exact: true });
    await expect(quantity).toHaveValue('1');
    await quantity.fill('2');
    await expect(quantity).toHaveValue('2');
    await main.getByRole('button', { name: 'Adicionar ao Carrinho', exact: true }).click();
    // Each add opens the cart drawer (issue #15, e2e/cart-drawer.spec.ts); this journey closes it to add again.
    const drawer = page.getByRole('dialog', { name: 'Adicionado ao carrinho' });
    await expect(drawer).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName('Carrinho, 2 artigos');
    await expect(cartLink(page).locator('.badge')).toHaveText('2');
    await expectAccessible(page, 'produto adicionado ao carrinho');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    const line = { id: second.sku, productId, name: product.name, price: second.cents / 100, quantity: 2, isDigital: false };
    await expect.poll(() => storedCart(page)).toEqual([expect.objectContaining({ ...line, variant: { id: expect.any(Number), name: second.name } })]);

    await main.getByRole('button', { name: 'Adicionar ao Carrinho', exact: true }).click();
    await expect(cartLink(page)).toHaveAccessibleName('Carrinho, 4 artigos');
    await expect(cartLink(page).locator('.badge')).toHaveText('4');
    await expect
      .poll(() => storedCart(page))
      .toEqual([expect.objectContaining({ ...line, quantity: 4, variant: { id: expect.any(Number), name: second.name } })]);

    // The badge is read from the stored cart: it is still there after a reload.
    await page.reload();
    await expect(cartLink(page).locator('.badge')).toHaveText('4');
  });

  test('produto fora de stock: «Fora de stock» no cartão, botão desativado, sem quantidade na página', async ({ page }) => {
    const product = outOfStock as DemoItem;
    // Sold-out products close the list (issue #30): it is on the last page.
    const lastPage = Math.ceil(physical.length / PAGE_SIZE);
    expect(physical.indexOf(product), 'the sold-out product on the last page').toBeGreaterThanOrEqual((lastPage - 1) * PAGE_SIZE);
    await page.goto(`/produtos?page=${lastPage}`);
    const found = card(page, product.name);
    await expect(found).toContainText('Fora de stock');
    await expect(found.getByRole('button', { name: `Adicionar ${product.name} ao carrinho`, exact: true })).toBeDisabled();
    // Products in stock have neither.
    const available = physical.find((p) => p.inStock && physical.indexOf(p) >= (lastPage - 1) * PAGE_SIZE) as DemoItem;
    await expect(card(page, available.name)).not.toContainText('Fora de stock');
    await expect(card(page, available.name).getByRole('button', { name: `Adicionar ${available.name} ao carrinho`, exact: true })).toBeEnabled();

    await found.getByRole('link', { name: `Ver Detalhes de ${product.name}`, exact: true }).click();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(main.getByText('Fora de stock', { exact: true })).toBeVisible();
    await expect(main.getByLabel('Quantidade', { exact: true })).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Adicionar ao Carrinho', exact: true })).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Comprar Agora', exact: true })).toHaveCount(0);
  });

  test('uma variante sem stock esconde a quantidade; escolher outra devolve-a', async ({ page }) => {
    const product = demo.find((p) => !p.isDigital && p.variants.some((v) => v.stock === 0) && p.variants.some((v) => v.stock > 0)) as DemoItem;
    expect(product, 'a product with one variant out of stock').toBeDefined();
    const soldOut = product.variants.findIndex((v) => v.stock === 0);
    await page.goto('/produtos');
    await page.getByRole('link', { name: `Ver Detalhes de ${product.name}`, exact: true }).click();
    const main = page.getByRole('main');
    const variant = main.getByLabel('Variante', { exact: true });
    await expect(variant.locator('option').nth(soldOut)).toContainText('(Fora de stock)');
    await variant.selectOption({ index: soldOut });
    await expect(main.getByText('Fora de stock', { exact: true })).toBeVisible();
    await expect(main.getByLabel('Quantidade', { exact: true })).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Adicionar ao Carrinho', exact: true })).toHaveCount(0);
    await variant.selectOption({ index: product.variants.findIndex((v) => v.stock > 0) });
    await expect(main.getByLabel('Quantidade', { exact: true })).toHaveValue('1');
    await expect(main.getByRole('button', { name: 'Adicionar ao Carrinho', exact: true })).toBeEnabled();
  });
});

test.describe('catálogo no telemóvel', { tag: '@mobile' }, () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('/produtos a 375 px: dois cartões por linha e nada sai para o lado', async ({ page }) => {
    await page.goto('/produtos');
    await expect(cardNames(page)).toHaveCount(PAGE_SIZE);
    const boxes = await cards(page).evaluateAll((items) =>
      items.map((item) => {
        const r = item.getBoundingClientRect();
        return { x: Math.round(r.left), y: Math.round(r.top), width: Math.round(r.width), height: Math.round(r.height) };
      }),
    );
    const [first, second] = boxes as [(typeof boxes)[number], (typeof boxes)[number]];
    expect(second.x, 'the second card beside the first').toBeGreaterThanOrEqual(first.x + first.width);
    for (const [i, box] of boxes.entries()) {
      const column = i % 2 === 0 ? first : second;
      expect(box.x, `card ${i + 1} starts where its column does`).toBe(column.x);
      expect(box.width, `card ${i + 1} is as wide as the first`).toBe(first.width);
      if (i % 2 === 1) expect(box.y, `card ${i + 1} is beside card ${i}`).toBe(boxes[i - 1]?.y);
      if (i > 1) expect(box.y, `card ${i + 1} is below card ${i - 1}`).toBeGreaterThanOrEqual((boxes[i - 2]?.y ?? 0) + (boxes[i - 2]?.height ?? 0));
    }
    // Two columns: each card takes about half of the 375 px.
    expect(first.width).toBeGreaterThan(160);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'horizontal overflow at 375 px').toBeLessThanOrEqual(0);

    // The product page too.
    await page.getByRole('link', { name: `Ver Detalhes de ${physical[0]?.name ?? ''}`, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const productOverflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(productOverflow, 'horizontal overflow on the product page at 375 px').toBeLessThanOrEqual(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Screenshots for a person to look at: test-results/screens/<page>-<width>.png.

const screens = resolve(import.meta.dirname, '..', 'test-results', 'screens');
const widths = [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
];

/**
 * Scrolls through the page so lazy images load, then waits for every image that is shown (the carousel's
 * hidden slides load only when they are chosen).
 */
async function loadAllImages(page: Page) {
  const step = (page.viewportSize()?.height ?? 740) / 2;
  for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += step) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    await afterTwoFrames(page);
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await expectImagesLoaded(page);
}

async function shoot(page: Page, path: string, name: string) {
  for (const viewport of widths) {
    await page.setViewportSize(viewport);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Waits for the check of the visit too: axe scrolls as it works, which would move the page under the shot.
    await expectAccessible(page, `${name} a ${viewport.width} px`);
    await loadAllImages(page);
    await page.screenshot({ path: resolve(screens, `${name}-${viewport.width}.png`), fullPage: true, animations: 'disabled' });
  }
}

test.describe('capturas de ecrã do catálogo', () => {
  test.describe.configure({ timeout: patience(120_000) });

  test('lista de produtos e produto com variantes', async ({ page }) => {
    await mkdir(screens, { recursive: true });
    await shoot(page, '/produtos', 'produtos');
    await page.getByRole('link', { name: `Ver Detalhes de ${withVariants?.name ?? ''}`, exact: true }).click();
    await expect(page).toHaveURL(/\/produtos\/\d+$/);
    await shoot(page, new URL(page.url()).pathname, 'produto-variantes');
  });
});

import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { euros, findProduct, shoot } from './shop-helpers.ts';

// Issue #32, no tap is lost (decision 0056): «Adicionar», «Adicionar ao Carrinho», a line's quantity and «Remover»
// are forms the server answers, so a tap made the moment a button is painted, before the app's code has run or
// without JavaScript at all, ends with the line in the cart; once the app runs, the browser's cart follows.

// These journeys tap before the app: `goto` must not wait for it.
test.use({ waitForApp: false });

const main = (page: Page) => page.getByRole('main');
const CABOS = 'Organizador de cabos (10 un.)';
const PLANNER = 'Planner semanal A5';

/**
 * Holds the app's code back: the page is painted and nothing of the app runs (its starter, /start.js, is answered
 * with a line that only says so, which the accessibility check reads as a page that will not start) until `release`.
 */
async function holdAppCode(page: Page) {
  const held = (route: Route) => route.fulfill({ contentType: 'text/javascript', body: 'document.documentElement.dataset.app = "held";' });
  await page.route('**/start.js', held);
  return () => page.unroute('**/start.js', held);
}

const storedCart = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as { id: string; name: string; quantity: number; variant: { name: string } | null }[]);

for (const width of [375, 1280]) {
  test(`antes de a aplicação correr, um toque em «Adicionar» põe a linha no carrinho (${width} px)${width === 375 ? ' @mobile' : ''}`, async ({ page, request }) => {
    const cabos = await findProduct(request, CABOS);
    const planner = await findProduct(request, PLANNER);
    const terracota = planner.variants.find((v) => v.name === 'Terracota');
    if (!terracota) throw new Error('Terracota is a variant of Planner semanal A5');
    const release = await holdAppCode(page);

    await test.step('um cartão da lista, tocado assim que aparece', async () => {
      await page.goto(`/produtos?q=${encodeURIComponent(CABOS)}`);
      await main(page).getByRole('button', { name: `Adicionar ${CABOS} ao carrinho`, exact: true }).click();
      await expect(page).toHaveURL(/\/carrinho\?adicionado=/);
      await expect(main(page).getByRole('status')).toHaveText(`${CABOS} foi adicionado ao carrinho.`);
      await expect(main(page).getByRole('spinbutton', { name: `Quantidade de ${CABOS}` })).toHaveValue('1');
      // The page's starter is a module script, run once the page is parsed: the held one, never the app.
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.app), { message: 'the app has not run' }).toBe('held');
    });

    await test.step('a página do produto: a variante e a quantidade escolhidas vão com o toque', async () => {
      await page.goto(`/produtos/${planner.id}`);
      await main(page).getByLabel('Variante').selectOption(String(terracota.id));
      await main(page).getByRole('spinbutton', { name: 'Quantidade' }).fill('2');
      await main(page).getByRole('button', { name: 'Adicionar ao Carrinho' }).click();
      await expect(page).toHaveURL(/\/carrinho\?adicionado=/);
      await expect(main(page).getByRole('status')).toHaveText(`${PLANNER} (Terracota) foi adicionado ao carrinho.`);
      await expect(main(page).getByRole('spinbutton', { name: `Quantidade de ${PLANNER} (Terracota)` })).toHaveValue('2');
      const total = Math.round(cabos.price * 100) + 2 * Math.round(terracota.price * 100);
      await expect(main(page).locator('dt', { hasText: 'Subtotal' }).first().locator('xpath=following-sibling::dd[1]')).toHaveText(euros(total));
      await shoot(page, `first-tap-cart-before-app-${width}`);
    });

    await test.step('a aplicação, quando corre, segue o carrinho do servidor', async () => {
      await release();
      await page.reload();
      await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
      await expect.poll(async () => (await storedCart(page)).map((line) => [line.name, line.variant?.name ?? null, line.quantity])).toEqual([
        [CABOS, null, 1],
        [PLANNER, 'Terracota', 2],
      ]);
      // Now the app adds in the browser: the drawer opens and the cart grows where both copies are kept.
      await page.goto(`/produtos?q=${encodeURIComponent(CABOS)}`);
      await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
      await main(page).getByRole('button', { name: `Adicionar ${CABOS} ao carrinho`, exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Adicionado ao carrinho' })).toBeVisible();
      expect((await page.context().cookies()).find((cookie) => cookie.name === 'cart')?.value).toBe(`${cabos.id}.0.2_${planner.id}.${terracota.id}.2`);
    });
  });
}

test('sem JavaScript: adicionar de um cartão e com variante e quantidade, mudar a quantidade e remover', async ({ browser, request }) => {
  const planner = await findProduct(request, PLANNER);
  const terracota = planner.variants.find((v) => v.name === 'Terracota');
  if (!terracota) throw new Error('Terracota is a variant of Planner semanal A5');
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`/produtos/${planner.id}`);
    await main(page).getByLabel('Variante').selectOption(String(terracota.id));
    await main(page).getByRole('spinbutton', { name: 'Quantidade' }).fill('3');
    await main(page).getByRole('button', { name: 'Adicionar ao Carrinho' }).click();
    await expect(main(page).getByRole('status')).toHaveText(`${PLANNER} (Terracota) foi adicionado ao carrinho.`);
    const quantity = main(page).getByRole('spinbutton', { name: `Quantidade de ${PLANNER} (Terracota)` });
    await expect(quantity).toHaveValue('3');

    await quantity.fill('1');
    await main(page).getByRole('button', { name: `Atualizar a quantidade de ${PLANNER} (Terracota)` }).click();
    await expect(page).toHaveURL(/\/carrinho$/);
    await expect(main(page).getByRole('spinbutton', { name: `Quantidade de ${PLANNER} (Terracota)` })).toHaveValue('1');
    const subtotal = main(page).locator('dt', { hasText: 'Subtotal' }).first().locator('xpath=following-sibling::dd[1]');
    await expect(subtotal).toHaveText(euros(Math.round(terracota.price * 100)));

    // A card's «Adicionar» too; a card of a product with variants leads to its page, where the variant is chosen.
    await page.goto(`/produtos?q=${encodeURIComponent(CABOS)}`);
    await main(page).getByRole('button', { name: `Adicionar ${CABOS} ao carrinho`, exact: true }).click();
    await expect(main(page).getByRole('status')).toHaveText(`${CABOS} foi adicionado ao carrinho.`);
    await page.goto(`/produtos?q=${encodeURIComponent(PLANNER)}`);
    await main(page).getByRole('button', { name: `Adicionar ${PLANNER} ao carrinho`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/produtos/${planner.id}$`));
    await expect(main(page).getByLabel('Variante')).toBeVisible();
    await page.goto('/carrinho');

    await main(page).getByRole('button', { name: `Remover ${PLANNER} (Terracota) do carrinho` }).click();
    await expect(main(page).getByRole('button', { name: `Remover ${PLANNER} (Terracota) do carrinho` })).toHaveCount(0);
    await main(page).getByRole('button', { name: `Remover ${CABOS} do carrinho` }).click();
    await expect(main(page).getByText('O seu carrinho está vazio.')).toBeVisible();
    expect((await context.cookies()).find((cookie) => cookie.name === 'cart')?.value).toBe('');
  } finally {
    await context.close();
  }
});

import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test, urlOf } from './fixtures.ts';
import { euros, FREE_SHIPPING_FROM_CENTS, findProduct } from './shop-helpers.ts';

// Issue #15, the cart drawer: every add opens it (from a card, a card's variant picker or the product page),
// it shows the line just added, the subtotal and how far free delivery is; the keyboard stays in it, Escape
// closes it and the focus goes back to the add button; its links go on to the cart and the checkout.

const drawerOf = (page: Page) => page.getByRole('dialog', { name: 'Adicionado ao carrinho' });
const main = (page: Page) => page.getByRole('main');
const cents = (price: number) => Math.round(price * 100);

/** The text of a drawer's line, spaces as Playwright matches them (the one before € is a no-break space). */
const missing = (c: number) => `Faltam ${euros(c)} para portes grátis.`;

async function expectLine(drawer: Locator, name: string, quantity: number, lineCents: number, extra?: string) {
  await expect(drawer.getByText(name, { exact: true })).toBeVisible();
  if (extra) await expect(drawer.getByText(extra, { exact: true })).toBeVisible();
  await expect(drawer.getByText(`Quantidade: ${quantity}`, { exact: true })).toBeVisible();
  await expect(drawer.getByText(euros(lineCents), { exact: true }).first()).toBeVisible();
}

async function expectSubtotal(drawer: Locator, units: number, subtotalCents: number) {
  const term = drawer.locator('dt', { hasText: `Subtotal (${units === 1 ? '1 artigo' : `${units} artigos`})` });
  await expect(term).toBeVisible();
  await expect(term.locator('xpath=following-sibling::dd[1]')).toHaveText(euros(subtotalCents));
}

/** Tab (and Shift+Tab) round the drawer more times than it has controls: the focus never leaves it. */
async function expectFocusTrapped(page: Page, drawer: Locator) {
  const controls = await drawer.locator('a[href], button').count();
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < controls + 2; i++) {
      await page.keyboard.press(key);
      expect(await drawer.evaluate((el) => el.contains(document.activeElement)), `${key} #${i + 1} stays in the drawer`).toBe(true);
    }
  }
}

async function journey(page: Page, request: APIRequestContext, width: number) {
  const cabos = await findProduct(request, 'Organizador de cabos (10 un.)');
  const kit = await findProduct(request, 'Kit Roupeiro Organizado');
  const planner = await findProduct(request, 'Planner semanal A5');
  const terracota = planner.variants.find((v) => v.name === 'Terracota');
  if (!terracota) throw new Error('Terracota is a variant of Planner semanal A5');
  let subtotal = 0;

  await test.step('da lista: o drawer mostra a linha, o subtotal e quanto falta para portes grátis', async () => {
    await page.goto(`/produtos?q=${encodeURIComponent(cabos.name)}`);
    const add = main(page).getByRole('button', { name: `Adicionar ${cabos.name} ao carrinho`, exact: true });
    await add.click();
    const drawer = drawerOf(page);
    await expect(drawer).toBeVisible();
    subtotal += cents(cabos.price);
    await expectLine(drawer, cabos.name, 1, cents(cabos.price));
    await expectSubtotal(drawer, 1, subtotal);
    await expect(drawer.getByText(missing(FREE_SHIPPING_FROM_CENTS - subtotal), { exact: true })).toBeVisible();
    // The drawer is a modal: full width on a phone, a side panel on a desktop.
    // (Measured while it may still be sliding in: a transform can leave a fraction of a pixel.)
    const box = await drawer.boundingBox();
    expect(box?.width).toBeCloseTo(width < 576 ? width : 400, 0);
    await expectAccessible(page, `drawer aberto a ${width} px`);

    await expectFocusTrapped(page, drawer);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(add).toBeFocused();
  });

  await test.step("do seletor de variantes de um cartão: abre depois de o seletor fechar, o foco volta ao botão do cartão", async () => {
    await page.goto(`/produtos?q=${encodeURIComponent(planner.name)}`);
    const add = main(page).getByRole('button', { name: `Adicionar ${planner.name} ao carrinho`, exact: true });
    await add.click();
    await page.getByRole('dialog', { name: `Escolha a variante: ${planner.name}` }).getByRole('button', { name: new RegExp(`^${terracota.name}`) }).click();
    const drawer = drawerOf(page);
    await expect(drawer).toBeVisible();
    subtotal += cents(terracota.price);
    await expectLine(drawer, planner.name, 1, cents(terracota.price), `Variante: ${terracota.name}`);
    await expectSubtotal(drawer, 2, subtotal);
    await drawer.getByRole('button', { name: 'Fechar', exact: true }).click();
    await expect(drawer).toBeHidden();
    await expect(add).toBeFocused();
  });

  await test.step('da página do produto: portes grátis quando o subtotal chega à regra', async () => {
    await page.goto(`/produtos/${kit.id}`);
    const add = main(page).getByRole('button', { name: 'Adicionar ao Carrinho', exact: true });
    await main(page).getByLabel('Quantidade', { exact: true }).fill('2');
    await add.click();
    const drawer = drawerOf(page);
    await expect(drawer).toBeVisible();
    subtotal += 2 * cents(kit.price);
    expect(subtotal).toBeGreaterThanOrEqual(FREE_SHIPPING_FROM_CENTS);
    await expectLine(drawer, kit.name, 2, 2 * cents(kit.price));
    await expectSubtotal(drawer, 4, subtotal);
    await expect(drawer.getByText('Os portes são grátis.', { exact: true })).toBeVisible();
    await expectAccessible(page, `drawer com portes grátis a ${width} px`);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(add).toBeFocused();
  });

  await test.step("'Ver carrinho' e 'Finalizar compra' seguem caminho e fecham o drawer", async () => {
    const add = main(page).getByRole('button', { name: 'Adicionar ao Carrinho', exact: true });
    await main(page).getByLabel('Quantidade', { exact: true }).fill('1');
    await add.click();
    await drawerOf(page).getByRole('link', { name: 'Ver carrinho', exact: true }).click();
    await expect(page).toHaveURL(urlOf('/carrinho'));
    await expect(drawerOf(page)).toBeHidden();
    await expect(main(page).getByRole('heading', { level: 1, name: 'Carrinho' })).toBeVisible();

    await page.goBack();
    await main(page).getByRole('button', { name: 'Adicionar ao Carrinho', exact: true }).click();
    await drawerOf(page).getByRole('link', { name: 'Finalizar compra', exact: true }).click();
    await expect(page).toHaveURL(urlOf('/checkout'));
    await expect(drawerOf(page)).toBeHidden();
  });

  await test.step("'Comprar Agora' vai para o carrinho sem abrir o drawer", async () => {
    await page.goto(`/produtos/${kit.id}`);
    await main(page).getByRole('button', { name: 'Comprar Agora', exact: true }).click();
    await expect(page).toHaveURL(urlOf('/carrinho'));
    await expect(main(page).getByRole('heading', { level: 1, name: 'Carrinho' })).toBeVisible();
    await expect(drawerOf(page)).toBeHidden();
  });
}

test.describe('drawer do carrinho', () => {
  test('a 1280 px: abre em cada adição, prende o foco, fecha com Escape e segue para o carrinho e o checkout', async ({ page, request }) => {
    await journey(page, request, 1280);
  });
});

test.describe('drawer do carrinho num telemóvel', { tag: '@mobile' }, () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test('a 375 px: ocupa a largura toda e faz o mesmo percurso', async ({ page, request }) => {
    await journey(page, request, 375);
  });
});

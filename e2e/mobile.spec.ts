import type { Page } from '@playwright/test';
import { admin, collapsedMenu, expect, expectAccessible, signIn, test } from './fixtures.ts';

// Runs in the 'mobile' project (375 px); the viewport is set here too so the file means the same anywhere.
test.use({ viewport: { width: 375, height: 740 } });

test.describe('telemóvel', { tag: '@mobile' }, () => {
  test('o cabeçalho recolhe num menu que fecha depois de escolher um link; a página de login aparece', async ({ page }) => {
    await page.goto('/register');
    const toggle = page.getByRole('button', { name: 'Abrir menu' });
    const menu = collapsedMenu(page);
    const login = menu.getByRole('link', { name: 'Login', exact: true });
    await expect(toggle).toBeVisible();
    await expect(menu).toBeHidden();
    await expect(login).toBeHidden();

    await toggle.click();
    await expect(menu).toBeVisible();
    await expect(login).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Produtos', exact: true })).toBeVisible();
    await expectAccessible(page, 'menu aberto a 375 px');

    // Escape closes it and the focus goes back to its button.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
    await toggle.click();
    await expect(login).toBeVisible();
    // Clicked once the menu has finished opening (a link clicked mid-transition can be lost on a slow machine).
    await expect(menu).toHaveClass(/\bshow\b/);
    await expect(menu).not.toHaveClass(/\bcollapsing\b/);

    await login.click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(menu).toBeHidden();
    await expect(login).toBeHidden();
    await expect(toggle).toBeVisible();

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main.getByLabel('Email', { exact: true })).toBeVisible();
    await expect(main.getByLabel('Palavra-passe', { exact: true })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
    // Nothing may stick out sideways at 375 px.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'horizontal overflow at 375 px').toBeLessThanOrEqual(0);
  });

  test('com sessão iniciada, o menu da conta funciona dentro do menu recolhido', async ({ page }) => {
    await signIn(page, admin.email, admin.password);
    const toggle = page.getByRole('button', { name: 'Abrir menu' });
    const menu = collapsedMenu(page);
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect(menu).toBeVisible();
    await expect(menu).toHaveClass(/\bshow\b/);
    await expect(menu).not.toHaveClass(/\bcollapsing\b/);
    await page.locator('#account-menu').click();
    await expect(page.locator('#account-menu')).toHaveAttribute('aria-expanded', 'true');
    await expectAccessible(page, 'menu da conta aberto a 375 px');
    await page.getByRole('link', { name: 'O meu perfil', exact: true }).click();
    await expect(page).toHaveURL(/\/perfil$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'O meu perfil' })).toBeVisible();
  });
});

// issue #25: the back office's lists were wider than a phone; each row is a card there, its actions in reach.
test.describe('telemóvel: listas do backoffice', { tag: '@mobile' }, () => {
  test('produtos, utilizadores, serviços e encomendas cabem em 375 px, cada linha um cartão com Editar à mão', async ({ page }) => {
    await signIn(page, admin.email, admin.password);
    for (const tab of ['produtos', 'utilizadores', 'servicos', 'encomendas']) {
      await page.goto(`/admin-dashboard?tab=${tab}`);
      const main = page.getByRole('main');
      const list = main.getByRole('region', { name: /^Lista de/ });
      const editar = list.getByRole('link', { name: /^Editar / }).first();
      if (tab === 'encomendas' && !(await list.count())) continue; // a shop without orders shows no list
      await expect(editar).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `horizontal overflow of ?tab=${tab} at 375 px`).toBeLessThanOrEqual(0);
      const sideways = await list.evaluate((region) => region.scrollWidth - region.clientWidth);
      expect(sideways, `the ${tab} list scrolls sideways at 375 px`).toBeLessThanOrEqual(0);
      const box = await editar.boundingBox();
      expect((box?.x ?? 999) + (box?.width ?? 0), `Editar inside the screen on ?tab=${tab}`).toBeLessThanOrEqual(375);
      // Each value goes with its column's name, shown before it.
      const firstCell = list.locator('tbody tr').first().locator('td').first();
      expect(await firstCell.evaluate((cell) => getComputedStyle(cell, '::before').content)).not.toBe('none');
    }
  });
});

/** The boxes of a list's first two cards. */
async function firstTwoCards(page: Page) {
  const cards = page.getByRole('main').locator('.card-grid > li');
  await expect(cards.nth(1)).toBeVisible();
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  if (!first || !second) throw new Error('no card box');
  return [first, second] as const;
}

test.describe('telemóvel e tablet: listas, cabeçalho e página inicial', { tag: '@mobile' }, () => {
  test('as listas mostram dois cartões por linha a 375 px e um só abaixo de 360 px', async ({ page }) => {
    for (const path of ['/produtos', '/produtos-digitais', '/servicos']) {
      await page.goto(path);
      const [first, second] = await firstTwoCards(page);
      expect(Math.abs(first.y - second.y), `${path}: two cards side by side`).toBeLessThanOrEqual(1);
      expect(second.x - first.x, `${path}: the second card to the right of the first`).toBeGreaterThan(first.width / 2);
    }
    // Every card of the product list keeps its name, price, 'Ver Detalhes' and add button inside it.
    await page.goto('/produtos');
    await expect(page.getByRole('main').getByRole('button', { name: /^Adicionar .+ ao carrinho$/ }).first()).toBeVisible();
    const overflowing = await page.locator('main .card-grid .card').evaluateAll((cards) =>
      cards.filter((card) => card.scrollWidth > card.clientWidth + 1).length,
    );
    expect(overflowing, 'cards wider inside than outside').toBe(0);

    await page.setViewportSize({ width: 340, height: 740 });
    const [first, second] = await firstTwoCards(page);
    expect(Math.abs(first.x - second.x), 'one card a row at 340 px').toBeLessThanOrEqual(1);
    expect(second.y).toBeGreaterThan(first.y + first.height - 1);
  });

  test('nada sai para o lado a 320 px, com artigos no carrinho', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/produtos/1');
    await page.getByRole('main').getByRole('button', { name: 'Adicionar ao Carrinho', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Adicionado ao carrinho' })).toBeVisible();
    for (const path of ['/', '/produtos', '/produtos/1', '/servicos', '/carrinho', '/checkout', '/contactos']) {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
      expect(page.url(), 'the page itself, not a redirect').toMatch(new RegExp(`${path === '/' ? '' : path}$`));
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `scrollWidth of ${path} at 320 px`).toBeLessThanOrEqual(320);
    }
  });

  test('o cabeçalho expandido fica numa linha de 768 a 991 px', async ({ page }) => {
    for (const width of [768, 800, 991]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/produtos');
      await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeHidden();
      const links = page.locator('#main-nav').locator('.nav-link, .btn');
      await expect(links.last()).toBeVisible();
      const boxes = await links.evaluateAll((elements) => elements.map((el) => el.getBoundingClientRect()).map(({ top, height }) => ({ top, height })));
      const firstTop = boxes[0]?.top ?? 0;
      for (const box of boxes) {
        expect(box.height, `a header link on one line at ${width} px`).toBeLessThan(45);
        expect(Math.abs(box.top + box.height / 2 - (firstTop + (boxes[0]?.height ?? 0) / 2)), `header items in one row at ${width} px`).toBeLessThanOrEqual(2);
      }
      await expect(page.getByRole('link', { name: 'Carrinho', exact: true })).toBeVisible();
      const bar = await page.locator('.navbar').boundingBox();
      expect(bar?.height, `header height at ${width} px`).toBeLessThan(65);
    }
  });

  test('a página inicial desloca-se como qualquer página a 375 px, sem controlos de secção', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Secções da página inicial' })).toBeHidden();
    await expect(page.locator('.home-hero-image')).toBeVisible();
    const products = page.getByRole('region', { name: 'Produtos em destaque', exact: true });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.mouse.move(180, 400);
    await page.mouse.wheel(0, 1200);
    await expect.poll(() => page.evaluate(() => window.scrollY), { message: 'the page itself scrolls' }).toBeGreaterThan(600);
    await expect(products).toBeInViewport();
    // The sections follow one another: nothing is moved out of sight.
    const transform = await page.locator('.home-track').evaluate((el) => getComputedStyle(el).transform);
    expect(transform).toBe('none');
  });
});

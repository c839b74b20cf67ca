import type { Page } from '@playwright/test';
import { demoCatalogue } from '../src/server/modules/catalog/demo/catalogue.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

// The product page of issue #15 on the demo catalogue (e2e/serve.ts): the lightbox by keyboard, the notes
// beside the buttons, related products and, on a phone, the sticky add-to-cart bar.

const physical = demoCatalogue.filter((item) => !item.isDigital);
// A physical product with three pictures (the cover and two extras).
const pictured = physical.find((item) => (item.extra?.length ?? 0) >= 2) as (typeof demoCatalogue)[number];
const withVariants = physical.find((item) => (item.variants?.length ?? 0) >= 2 && item.variants?.every((v) => v.stock > 0)) as (typeof demoCatalogue)[number];
const digital = demoCatalogue.find((item) => item.isDigital) as (typeof demoCatalogue)[number];

/** The product's page address, found by its name through the API the shop uses. */
async function productPath(page: Page, name: string): Promise<string> {
  const answer = await page.request.get(`/api/product?q=${encodeURIComponent(name)}&pageSize=50`);
  const { rows } = (await answer.json()) as { rows: { id: number; name: string }[] };
  const found = rows.find((row) => row.name === name);
  if (!found) throw new Error(`${name} is not in the demo catalogue`);
  return `/produtos/${found.id}`;
}

const lightbox = (page: Page) => page.getByRole('dialog');

test.describe('página de produto', () => {
  test.beforeAll(() => {
    expect(pictured, 'a physical product with three pictures').toBeDefined();
    expect(withVariants, 'a physical product whose variants all have stock').toBeDefined();
  });

  test('a imagem abre uma caixa de luz pelo teclado: setas, ampliar, Escape, e o foco volta', async ({ page }) => {
    await page.goto(await productPath(page, pictured.name));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: pictured.name })).toBeVisible();

    // One ratio, no bands: the picture covers a 4:3 area at most 400 px high.
    const picture = main.getByRole('img', { name: `${pictured.name} - imagem 1 de 3` });
    const box = await picture.boundingBox();
    expect(box && Math.round((box.width / box.height) * 3)).toBe(4);
    expect(box?.height).toBeLessThanOrEqual(400);
    expect(await picture.evaluate((img) => getComputedStyle(img).objectFit)).toBe('cover');

    const opener = main.getByRole('button', { name: 'Ampliar imagem 1 de 3' });
    // The server's page keeps it disabled until the app has taken over (a disabled button takes no focus).
    await expect(opener).toBeEnabled();
    await opener.focus();
    await expect(opener).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(lightbox(page)).toBeVisible();
    await expect(lightbox(page).getByRole('heading', { name: `${pictured.name}: imagem 1 de 3` })).toBeVisible();
    await expectAccessible(page, 'caixa de luz a 1280 px');

    await page.keyboard.press('ArrowRight');
    await expect(lightbox(page).getByRole('heading')).toHaveText(`${pictured.name}: imagem 2 de 3`);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(lightbox(page).getByRole('heading')).toHaveText(`${pictured.name}: imagem 3 de 3`);

    // Focus stays in the dialog.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await lightbox(page).evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }

    // Zoom by its button: the picture is twice the size that fits, and the stage scrolls.
    const large = lightbox(page).getByRole('img');
    const fitted = await large.boundingBox();
    await lightbox(page).getByRole('button', { name: 'Ampliar' }).focus();
    await page.keyboard.press('Enter');
    await expect(lightbox(page).getByRole('button', { name: 'Reduzir' })).toBeVisible();
    await expect.poll(async () => Math.round((await large.boundingBox())?.width ?? 0)).toBe(Math.round((fitted?.width ?? 0) * 2));
    await expectAccessible(page, 'caixa de luz ampliada');
    // A click on the picture zooms back out.
    await large.click();
    await expect(lightbox(page).getByRole('button', { name: 'Ampliar' })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(lightbox(page)).toBeHidden();
    // The carousel shows the picture the lightbox was left on, and that picture's button has the focus.
    await expect(main.getByRole('button', { name: 'Ampliar imagem 3 de 3' })).toBeFocused();
  });

  test('avisos de entrega e devoluções junto aos botões, e produtos relacionados do mesmo tipo', async ({ page }) => {
    const path = await productPath(page, pictured.name);
    await page.goto(path);
    const main = page.getByRole('main');
    await expect(main.getByText('Preparação em 2 a 7 dias úteis e entrega em 2 dias úteis (continente)')).toBeVisible();
    await expect(main.getByText(/Portes grátis em compras a partir de 70,00\s€/)).toBeVisible();
    await expect(main.getByText('30 dias para devoluções')).toBeVisible();

    const related = main.getByRole('region', { name: 'Também pode gostar' });
    await related.scrollIntoViewIfNeeded();
    await expect(related.getByRole('heading', { level: 2, name: 'Também pode gostar' })).toBeVisible();
    const names = related.getByRole('listitem').getByRole('heading', { level: 3 });
    await expect(names).toHaveCount(4);
    const shown = await names.allInnerTexts();
    expect(shown).not.toContain(pictured.name);
    for (const name of shown) expect(physical.map((item) => item.name)).toContain(name);
    await expectAccessible(page, 'produtos relacionados');

    await related.getByRole('link', { name: `Ver Detalhes de ${shown[0]}` }).click();
    await expect(main.getByRole('heading', { level: 1, name: shown[0] })).toBeVisible();

    await page.goto(await productPath(page, digital.name));
    await expect(main.getByText('O acesso chega por email assim que o pagamento for confirmado')).toBeVisible();
    await expect(main.getByText('30 dias para devoluções')).toHaveCount(0);
  });
});

test.describe('página de produto no telemóvel', { tag: '@mobile' }, () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a barra de compra aparece quando o botão sai do ecrã, com a variante escolhida, e some quando ele volta', async ({ page }) => {
    await page.goto(await productPath(page, withVariants.name));
    const main = page.getByRole('main');
    const bar = page.getByRole('region', { name: 'Compra rápida' });
    const second = withVariants.variants?.[1];
    await main.getByLabel('Variante', { exact: true }).selectOption({ index: 1 });
    await expect(bar).toHaveCount(0);

    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await expect(bar).toBeVisible();
    await expect(bar).toContainText(withVariants.name);
    await expect(bar).toContainText(new RegExp(`${second?.price ?? ''}\\s€`));
    // While it shows, the page keeps room for it at the bottom (WCAG 2.4.11: nothing focused hides under it).
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollPaddingBottom)).toBe('80px');
    await expectAccessible(page, 'barra de compra a 375 px');

    await bar.getByRole('button', { name: 'Adicionar ao Carrinho' }).click();
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as { id: string }[]))
      .toEqual([expect.objectContaining({ id: second?.sku })]);

    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect(bar).toHaveCount(0);
  });

  test('a caixa de luz no telemóvel passa o axe', async ({ page }) => {
    await page.goto(await productPath(page, pictured.name));
    await page.getByRole('main').getByRole('button', { name: 'Ampliar imagem 1 de 3' }).click();
    await expect(lightbox(page)).toBeVisible();
    await expectAccessible(page, 'caixa de luz a 375 px');
    await lightbox(page).getByRole('button', { name: 'Fechar' }).click();
    await expect(lightbox(page)).toBeHidden();
  });
});

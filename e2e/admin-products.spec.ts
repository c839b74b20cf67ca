import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { admin, baseURL, escapeRegExp, expect, expectAccessible, openAccountMenu, randomSuffix, signIn, test, urlOf } from './fixtures.ts';
import { afterTwoFrames, expectImagesLoaded } from './shop-helpers.ts';

const dashboardUrl = new RegExp(`^${escapeRegExp(baseURL)}/admin-dashboard(\\?.*)?$`);
const productsTabUrl = urlOf('/admin-dashboard?tab=produtos');
const editUrl = new RegExp(`^${escapeRegExp(baseURL)}/admin-dashboard/edit-product/(\\d+)$`);
const notFoundText = 'Produto não encontrado ou sem imagens.';

const messages = {
  name: 'Por favor insira o nome do produto.',
  description: 'Por favor insira a descrição do produto.',
  price: 'Por favor insira um preço válido (por exemplo 12,50).',
  stock: 'Por favor insira o stock (um número inteiro, 0 ou mais).',
};

/** A real PNG of the given size and colour (the server checks images by their content). */
async function png(name: string, rgb: { r: number; g: number; b: number }) {
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background: rgb } })
    .composite([
      {
        input: await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 255 - rgb.r, g: 255 - rgb.g, b: 255 - rgb.b } } })
          .png()
          .toBuffer(),
        top: 150,
        left: 250,
      },
    ])
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** The Produtos tab of the dashboard, through the header's account menu. */
async function openProductsTab(page: Page) {
  const menu = await openAccountMenu(page);
  await menu.getByRole('link', { name: 'Admin Dashboard', exact: true }).click();
  await expect(page).toHaveURL(dashboardUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Painel de administração' })).toBeVisible();
  await page.getByRole('tab', { name: 'Produtos', exact: true }).click();
  await expect(page).toHaveURL(productsTabUrl);
  await expect(page.getByRole('tab', { name: 'Produtos', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Lista de produtos' })).toBeVisible();
}

const productRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader').filter({ hasText: new RegExp(`^${escapeRegExp(name)}`) }) });

/** How many products the shop lists (physical and digital), through the public API. */
async function productCount(request: APIRequestContext): Promise<number> {
  const answer = await request.get('/api/product', { params: { pageSize: 1 } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { count: number }).count;
}

const screens = resolve(import.meta.dirname, '..', 'test-results', 'screens');

/** The form as it is now at 375 and 1280 px (test-results/screens/<name>-<width>.png), checked with axe at each. */
async function shootForm(page: Page, name: string) {
  await mkdir(screens, { recursive: true });
  for (const viewport of [
    { width: 375, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    // The lazy thumbnails load once they are near the screen.
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await afterTwoFrames(page);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expectImagesLoaded(page);
    await expectAccessible(page, `${name} a ${viewport.width} px`);
    // axe scrolls as it checks, and the sticky header would sit mid-page in a full-page shot taken while scrolled.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.screenshot({ path: resolve(screens, `${name}-${viewport.width}.png`), fullPage: true, animations: 'disabled' });
  }
}

/**
 * Deletes the products whose name contains `text` with the admin session of `page` (nothing when the journey
 * already did): a journey stopped halfway must not leave a product behind for the catalogue journeys.
 */
async function deleteProductsNamed(page: Page, text: string) {
  const found = await page.request.get('/api/product', { params: { q: text, pageSize: 100 } });
  if (!found.ok()) return;
  for (const product of ((await found.json()) as { rows: { id: number }[] }).rows) await page.request.delete(`/api/product/${product.id}`);
}

test.describe('administração de produtos', () => {
  let suffix = '';
  test.afterEach(async ({ page }) => {
    if (suffix) await deleteProductsNamed(page, suffix);
    suffix = '';
  });

  test('criar com variantes e imagens, ver na loja, editar, remover uma imagem e eliminar', async ({ page }) => {
    test.slow();
    suffix = randomSuffix();
    const name = `Porta-chaves de parede ${suffix}`;
    const renamed = `Porta-chaves de parede em carvalho ${suffix}`;
    const description = 'Porta-chaves de parede com cinco ganchos e prateleira para correio. Fixação escondida, parafusos incluídos.';
    // The first variant is not the cheapest: 'A partir de' must use the lowest price, not the first.
    const variants = [
      { name: 'Carvalho', price: '34,90', stock: '7', sku: `PCH-CARV-${suffix}`.toUpperCase() },
      { name: 'Pinho', price: '27,50', stock: '12', sku: `PCH-PINHO-${suffix}`.toUpperCase() },
    ];
    const images = [await png('porta-chaves-frente.png', { r: 200, g: 120, b: 60 }), await png('porta-chaves-lado.png', { r: 60, g: 120, b: 200 })];
    let id = 0;

    await signIn(page, admin.email, admin.password);
    await openProductsTab(page);

    await test.step('criar', async () => {
      await page.getByRole('link', { name: 'Novo produto', exact: true }).click();
      await expect(page).toHaveURL(urlOf('/admin-dashboard/create-product'));
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: 'Novo produto' })).toBeVisible();
      await main.getByLabel('Nome', { exact: true }).fill(name);
      await main.getByLabel('Descrição', { exact: true }).fill(description);
      await main.getByLabel('Ordem', { exact: true }).fill('5');

      await main.getByLabel('Tem variantes', { exact: true }).check();
      await expect(main.getByRole('group', { name: 'Variantes', exact: true })).toBeVisible();
      // Price and stock of the product give way to the variants' own.
      await expect(main.getByLabel('Preço (€)', { exact: true })).toHaveCount(0);
      await expect(main.getByLabel('Stock', { exact: true })).toHaveCount(0);
      // Switching variants on starts with one empty row.
      await expect(main.getByLabel('Nome da variante 1', { exact: true })).toHaveValue('');
      await main.getByRole('button', { name: 'Adicionar variante' }).click();
      await expect(main.getByLabel('Nome da variante 2', { exact: true })).toBeFocused();
      for (const [i, v] of variants.entries()) {
        const n = i + 1;
        await main.getByLabel(`Nome da variante ${n}`, { exact: true }).fill(v.name);
        await main.getByLabel(`Preço (€) da variante ${n}`, { exact: true }).fill(v.price);
        await main.getByLabel(`Stock da variante ${n}`, { exact: true }).fill(v.stock);
        await main.getByLabel(`SKU (opcional) da variante ${n}`, { exact: true }).fill(v.sku);
      }
      // The weight, and the quantity of a unit of measure the price per unit is shown for (decision 0047).
      await main.getByLabel('Peso (g)', { exact: true }).fill('1200');
      await main.getByLabel('Quantidade', { exact: true }).fill('2,5');
      await main.getByLabel('Unidade de medida', { exact: true }).selectOption('kg');

      await main.getByLabel('Adicionar imagens', { exact: true }).setInputFiles(images);
      for (const image of images) await expect(main.getByRole('img', { name: `Pré-visualização de ${image.name}` })).toBeVisible();
      await expect(main).toContainText('(2 de 12)');
      await shootForm(page, 'admin-produto-novo');

      await main.getByRole('button', { name: 'Guardar', exact: true }).click();
      await expect(page).toHaveURL(productsTabUrl);
      await expect(page.getByText('Produto criado.', { exact: true })).toBeVisible();
    });

    await test.step('encontrar na lista', async () => {
      await page.getByRole('searchbox', { name: 'Pesquisar produtos' }).fill(suffix);
      const row = productRow(page, name);
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('2 variantes');
      await expect(row).toContainText('Físico');
      const cells = row.getByRole('cell');
      await expect(cells.nth(2)).toHaveText(/^A partir de 27,50\s€$/);
      // Stock: the variants' together; the order as typed.
      await expect(cells.nth(3)).toHaveText('19');
      await expect(cells.nth(4)).toHaveText('5');
      await expectAccessible(page, 'produto criado na lista');
      const href = await row.getByRole('link', { name: `Editar produto ${name}`, exact: true }).getAttribute('href');
      const match = /\/admin-dashboard\/edit-product\/(\d+)$/.exec(href ?? '');
      expect(match, `edit link ${href}`).not.toBeNull();
      id = Number(match?.[1]);
    });

    await test.step('ver na loja', async () => {
      // In the list, with variants, the card shows the lowest variant price.
      await page.goto(`/produtos?q=${encodeURIComponent(suffix)}`);
      const card = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name }) });
      await expect(card).toHaveCount(1);
      await expect(card).toContainText(/A partir de 27,50\s€/);
      // Beside the price shown, its price per unit: 27,50 € for 2,5 kg.
      await expect(card).toContainText(/\(11,00\s€\/kg\)/);

      await page.goto(`/produtos/${id}`);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(main.getByText(description)).toBeVisible();
      // The first variant is preselected, and its price is the one shown.
      const variant = main.getByLabel('Variante', { exact: true });
      await expect(variant.locator('option')).toHaveText([/^Carvalho - 34,90\s€$/, /^Pinho - 27,50\s€$/]);
      await expect(main.getByText(/^34,90\s€/)).toBeVisible();
      await expect(main.getByText(/^\(13,96\s€\/kg\)$/)).toBeVisible();
      await variant.selectOption({ index: 1 });
      await expect(main.getByText(/^\(11,00\s€\/kg\)$/)).toBeVisible();
      const thumbs = main.getByRole('list', { name: 'Miniaturas' }).getByRole('button');
      await expect(thumbs).toHaveCount(2);
      await expect(thumbs.nth(0)).toHaveAccessibleName('Mostrar imagem 1 de 2');
      await expect(main.getByRole('img', { name: `${name} - imagem 1 de 2` })).toBeVisible();
      await thumbs.nth(1).click();
      await expect(main.getByRole('img', { name: `${name} - imagem 2 de 2` })).toBeVisible();
      await expect(thumbs.nth(1)).toHaveAttribute('aria-current', 'true');
      await expectAccessible(page, 'produto novo na loja');
      // Admins get a shortcut to the form.
      await expect(main.getByRole('link', { name: 'Editar Produto' })).toHaveAttribute('href', `/admin-dashboard/edit-product/${id}`);
    });

    await test.step('editar: mudar o nome e remover uma imagem', async () => {
      await page.getByRole('main').getByRole('link', { name: 'Editar Produto' }).click();
      await expect(page).toHaveURL(editUrl);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: 'Editar produto' })).toBeVisible();
      const nameInput = main.getByLabel('Nome', { exact: true });
      await expect(nameInput).toHaveValue(name);
      await expect(main.getByLabel('Tem variantes', { exact: true })).toBeChecked();
      await expect(main.getByLabel('Nome da variante 2', { exact: true })).toHaveValue('Pinho');
      await expect(main.getByLabel('Preço (€) da variante 1', { exact: true })).toHaveValue('34,90');
      await expect(main.getByLabel('Quantidade', { exact: true })).toHaveValue('2,5');
      await expect(main.getByLabel('Unidade de medida', { exact: true })).toHaveValue('kg');
      await expect(main.getByLabel('Peso (g)', { exact: true })).toHaveValue('1200');
      await expect(main.getByRole('img', { name: `Imagem 1 de ${name}` })).toBeVisible();
      await expect(main.getByRole('img', { name: `Imagem 2 de ${name}` })).toBeVisible();
      await shootForm(page, 'admin-produto-editar');

      await nameInput.fill(renamed);
      const remove = main.getByRole('checkbox', { name: 'Remover imagem 2', exact: true });
      await remove.check();
      await expect(main.getByText('Será removida ao guardar')).toBeVisible();
      await expect(main).toContainText('(1 de 12)');
      // Where the click left the page scrolled, the sticky header half covers a control: the check tells that
      // from a small target.
      await expectAccessible(page, 'imagem marcada para remover');
      await main.getByRole('button', { name: 'Guardar', exact: true }).click();
      await expect(page).toHaveURL(productsTabUrl);
      await expect(page.getByText('Produto guardado.', { exact: true })).toBeVisible();
    });

    await test.step('a loja mostra o novo nome e uma só imagem', async () => {
      await page.goto(`/produtos/${id}`);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(escapeRegExp(renamed)));
      await expect(main.getByRole('img', { name: `${renamed} - imagem 1 de 1` })).toBeVisible();
      await expect(main.getByRole('list', { name: 'Miniaturas' })).toHaveCount(0);
      await expect(main.getByRole('button', { name: 'Imagem seguinte' })).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Navegação estrutural' })).toContainText(renamed);
    });

    await test.step('eliminar a partir da lista, depois de confirmar', async () => {
      await openProductsTab(page);
      await page.getByRole('searchbox', { name: 'Pesquisar produtos' }).fill(suffix);
      await expect(productRow(page, renamed)).toHaveCount(1);
      await expect(productRow(page, name)).toHaveCount(0);

      await page.getByRole('button', { name: `Eliminar produto ${renamed}`, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(renamed);
      await expectAccessible(page, 'confirmação de eliminação');
      await dialog.getByRole('button', { name: 'Cancelar', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(productRow(page, renamed)).toHaveCount(1);

      await page.getByRole('button', { name: `Eliminar produto ${renamed}`, exact: true }).click();
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Eliminar', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('Produto eliminado.', { exact: true })).toBeVisible();
      await expect(productRow(page, renamed)).toHaveCount(0);
      await expectAccessible(page, 'produto eliminado');
    });

    await test.step('a página do produto eliminado diz que não existe', async () => {
      await page.goto(`/produtos/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: notFoundText })).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Voltar aos produtos' })).toBeVisible();
    });
  });

  test('o formulário vazio mostra as mensagens de cada campo e não cria nada', async ({ page, request }) => {
    const before = await productCount(request);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/product') posts.push(r.url());
    });

    await signIn(page, admin.email, admin.password);
    await openProductsTab(page);
    await page.getByRole('link', { name: 'Novo produto', exact: true }).click();
    await expect(page).toHaveURL(urlOf('/admin-dashboard/create-product'));
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Guardar', exact: true }).click();

    const fields = [
      { label: 'Nome', message: messages.name },
      { label: 'Descrição', message: messages.description },
      { label: 'Preço (€)', message: messages.price },
      { label: 'Stock', message: messages.stock },
    ];
    for (const { label, message } of fields) {
      const input = main.getByLabel(label, { exact: true });
      await expect(main.getByText(message, { exact: true })).toBeVisible();
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      // The message is announced with its field.
      await expect(input).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
    }
    // The order has a valid default (0) and no message.
    await expect(main.getByLabel('Ordem', { exact: true })).toHaveAttribute('aria-invalid', 'false');
    await expect(main.getByText('Por favor insira a ordem.')).toHaveCount(0);
    // The first invalid field gets the focus.
    await expect(main.getByLabel('Nome', { exact: true })).toBeFocused();
    await expectAccessible(page, 'formulário vazio com erros');

    await expect(page).toHaveURL(urlOf('/admin-dashboard/create-product'));
    expect(posts, 'no product was sent to the server').toEqual([]);
    expect(await productCount(request)).toBe(before);

    // Fixing a field clears its own message only.
    await main.getByLabel('Nome', { exact: true }).fill('Só o nome');
    await main.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(main.getByText(messages.name, { exact: true })).toHaveCount(0);
    await expect(main.getByText(messages.description, { exact: true })).toBeVisible();
    expect(posts).toEqual([]);
    expect(await productCount(request)).toBe(before);
  });
});

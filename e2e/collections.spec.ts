import type { Locator, Page } from '@playwright/test';
import { demoCatalogue } from '../src/server/modules/catalog/demo/catalogue.ts';
import { admin, expect, expectAccessible, randomSuffix, signIn, test, urlOf } from './fixtures.ts';
import { findProduct } from './shop-helpers.ts';

// Collections and the list's filters (issue #30), on the demo catalogue e2e/serve.ts seeds.

const cents = (euros: string) => {
  const [whole = '0', fraction = ''] = euros.split(',');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};
const demo = demoCatalogue
  .filter((item) => !item.isDigital && !item.variants?.length)
  .map((item) => ({ name: item.name, cents: cents(item.price ?? '0'), inStock: (item.stock ?? 0) > 0 }));
const inStock = demo.filter((p) => p.inStock).sort((a, b) => a.cents - b.cents);
const [cheap, middle, dear] = [inStock[0], inStock[Math.floor(inStock.length / 2)], inStock.at(-1)] as [(typeof demo)[number], (typeof demo)[number], (typeof demo)[number]];
const soldOut = demo.find((p) => !p.inStock) as (typeof demo)[number];
/** The middle product's price as typed in Portugal, without trailing zeros: '12,5' for 12,50 €, '12' for 12,00 €. */
const typedPrice = (middle.cents / 100).toString().replace('.', ',');

const cardNames = (page: Page): Locator => page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 2 });

/** A published collection of the four products (the sold-out one first in its manual order), made through the API as the admin. */
async function createCollection(page: Page, name: string) {
  await signIn(page, admin.email, admin.password);
  const ids = [];
  for (const product of [soldOut, dear, cheap, middle]) ids.push((await findProduct(page.request, product.name)).id);
  const res = await page.request.post('/api/collection', { data: { name, product_ids: ids, published: true, description: '<p>Tudo para <strong>arrumar</strong>.</p>' } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { slug: string };
}

test.describe('coleções', () => {
  test('the owner creates a collection in Coleções; its page is server-rendered with its head, and filters stand beside the list', async ({ page, request }) => {
    expect(soldOut, 'a sold-out physical product in the demo catalogue').toBeDefined();
    const name = `Arrumação ${randomSuffix()}`;
    await signIn(page, admin.email, admin.password);
    await page.goto('/admin-dashboard?tab=colecoes');
    await page.getByRole('link', { name: 'Nova coleção' }).click();
    await page.getByLabel('Nome', { exact: true }).fill(name);
    for (const product of [dear, cheap, soldOut]) {
      await page.getByLabel('Adicionar produtos').fill(product.name);
      await page.getByRole('button', { name: `Adicionar ${product.name}`, exact: true }).click();
    }
    await expect(page.getByRole('button', { name: /^Retirar .* da coleção$/ })).toHaveCount(3);
    await page.getByRole('button', { name: `Subir ${cheap.name}` }).click();
    await page.getByLabel('Publicada (visível na loja)').check();
    await expectAccessible(page, 'formulário de coleção');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Coleção criada.')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Publicada');
    const link = row.getByRole('link', { name: /\/colecoes\// });
    const path = (await link.textContent()) ?? '';

    // The page as a crawler gets it: rendered by the server, with its own title, canonical and JSON-LD.
    const html = await (await request.get(path)).text();
    expect(html).toContain(`<title>${name}`);
    expect(html).toContain(`<link rel="canonical" href="http://127.0.0.1`);
    expect(html).toContain('"@type":"CollectionPage"');
    expect(html).toContain(cheap.name);

    await link.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    // The owner's order (cheap moved up first), the sold-out product last.
    await expect(cardNames(page)).toHaveText([cheap.name, dear.name, soldOut.name]);
    const filters = page.getByRole('complementary', { name: 'Filtros da lista' });
    await expect(filters.getByRole('heading', { name: 'Filtrar' })).toBeVisible();
    await filters.getByLabel(/Só disponíveis \(2\)/).check();
    await expect(page).toHaveURL(new RegExp(`${path}\\?disponivel=1$`));
    await expect(cardNames(page)).toHaveText([cheap.name, dear.name]);
    await expectAccessible(page, 'coleção filtrada');
    await filters.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(cardNames(page)).toHaveCount(3);
  });

  test('/produtos filters by price typed with a comma, counts each choice, and clears one filter at a time', async ({ page }) => {
    await page.goto('/produtos');
    const filters = page.getByRole('complementary', { name: 'Filtros da lista' });
    await filters.getByLabel('Máximo (€)').fill(typedPrice);
    await filters.getByRole('button', { name: 'Aplicar preço' }).click();
    await expect(page).toHaveURL(urlOf(`/produtos?precoMax=${encodeURIComponent(typedPrice)}`));
    const prices = await page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) }).allInnerTexts();
    for (const text of prices) {
      const [, whole, fraction] = /(\d+),(\d{2})\s€/.exec(text) ?? [];
      expect(Number(whole) * 100 + Number(fraction)).toBeLessThanOrEqual(middle.cents);
    }
    await filters.getByLabel('Mínimo (€)').fill('abc');
    await filters.getByRole('button', { name: 'Aplicar preço' }).click();
    await expect(filters.getByText('Escreva um preço em euros, por exemplo 12,50.')).toBeVisible();
    await filters.getByRole('button', { name: /^Remover filtro Até/ }).click();
    await expect(page).toHaveURL(urlOf('/produtos'));
  });
});

test.describe('coleções no telemóvel', { tag: '@mobile' }, () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('filters a collection in the drawer, shares the address and reloads: the same list, rendered by the server', async ({ page, openPage, request }) => {
    const { slug } = await createCollection(page, `Quarto ${randomSuffix()}`);
    const shopper = await openPage();
    await shopper.goto(`/colecoes/${slug}`);
    // Its manual order put the sold-out product first: it comes last.
    await expect(cardNames(shopper)).toHaveText([dear.name, cheap.name, middle.name, soldOut.name]);
    // On a phone the filters wait in a drawer.
    await expect(shopper.getByLabel(/Só disponíveis/)).toBeHidden();
    await shopper.getByRole('button', { name: 'Filtros' }).click();
    const drawer = shopper.getByRole('dialog', { name: 'Filtros' });
    await expect(drawer).toBeVisible();
    await drawer.getByLabel(/Só disponíveis \(3\)/).check();
    await expect(shopper).toHaveURL(urlOf(`/colecoes/${slug}?disponivel=1`));
    await drawer.getByLabel('Máximo (€)').fill(typedPrice);
    await drawer.getByRole('button', { name: 'Aplicar preço' }).click();
    await expect(shopper).toHaveURL(urlOf(`/colecoes/${slug}?disponivel=1&precoMax=${encodeURIComponent(typedPrice)}`));
    await expectAccessible(shopper, 'filtros no telemóvel');
    await drawer.getByRole('button', { name: 'Ver 2 produtos' }).click();
    await expect(drawer).toBeHidden();
    await expect(cardNames(shopper)).toHaveText([cheap.name, middle.name]);
    await expect(shopper.getByRole('button', { name: /Filtros 2 escolhidos/ })).toBeFocused();

    // Shared: another phone opens the address and gets the same list, already in the server's HTML.
    const address = shopper.url();
    const html = await (await request.get(address)).text();
    expect(html).toContain(cheap.name);
    expect(html).not.toContain(dear.name);
    const friend = await openPage();
    await friend.goto(address);
    await expect(cardNames(friend)).toHaveText([cheap.name, middle.name]);
    await friend.getByRole('button', { name: /Filtros/ }).click();
    await expect(friend.getByRole('dialog', { name: 'Filtros' }).getByRole('checkbox', { name: /Só disponíveis/ })).toBeChecked();
    await expect(friend.getByRole('dialog', { name: 'Filtros' }).getByLabel('Máximo (€)')).toHaveValue(typedPrice);

    // Reloaded, and Back: the address keeps the list.
    await shopper.reload();
    await expect(cardNames(shopper)).toHaveText([cheap.name, middle.name]);
    await shopper.goBack();
    await expect(shopper).toHaveURL(urlOf(`/colecoes/${slug}?disponivel=1`));
    await expect(cardNames(shopper)).toHaveText([dear.name, cheap.name, middle.name]);
  });
});

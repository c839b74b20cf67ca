import { readFile } from 'node:fs/promises';
import { admin, expect, expectAccessible, signIn, test } from './fixtures.ts';
import { placeGuestOrder, shoot } from './shop-helpers.ts';

// The owner's overview (issue #17), as she meets it: the orders of the month for her accountant, as a CSV
// file Excel in Portuguese opens (BOM, ";", decimal commas); every product and variant from the products tab.

test('a dona exporta as encomendas do mês e os produtos para o contabilista', async ({ page }) => {
  const order = await placeGuestOrder(page.request);
  await signIn(page, admin.email, admin.password);
  await page.goto('/admin-dashboard?tab=encomendas');
  const main = page.getByRole('main');
  await main.getByText('Exportar encomendas para o contabilista (CSV)').click();
  await expectAccessible(page);
  await shoot(page, 'exportar-encomendas');

  const [orders] = await Promise.all([page.waitForEvent('download'), main.getByRole('link', { name: 'Exportar CSV' }).click()]);
  expect(orders.suggestedFilename()).toMatch(/^encomendas-\d{4}-\d{2}-01-a-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await orders.path()) as string, 'utf8');
  expect(text.startsWith('\uFEFFEncomenda;Data;Estado;')).toBe(true);
  expect(text).toMatch(new RegExp(`\\r\\n${order.id};\\d{2}/\\d{2}/\\d{4}, \\d{2}:\\d{2};Pendente;Multibanco;`));
  expect(text).toMatch(/;\d+,\d{2};23%;\d+,\d{2};\d+,\d{2};/);

  // A range the other way round is explained, and offers no download.
  await main.getByLabel('Desde').fill('2026-05-02');
  await main.getByLabel('Até').fill('2026-05-01');
  await expect(main.getByRole('alert').filter({ hasText: 'A data inicial tem de ser igual ou anterior à data final.' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Exportar CSV' })).toBeDisabled();

  await page.goto('/admin-dashboard?tab=produtos');
  const [catalogue] = await Promise.all([page.waitForEvent('download'), main.getByRole('link', { name: 'Exportar CSV' }).click()]);
  const products = await readFile((await catalogue.path()) as string, 'utf8');
  expect(products.startsWith('\uFEFFID;Nome;Descrição;Tipo;Variante;SKU;Preço com IVA;Stock;')).toBe(true);
  expect(products.split('\r\n').length).toBeGreaterThan(10);
});

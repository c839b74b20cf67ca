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
  expect(text.startsWith('\uFEFFEncomenda;Data;Hora;Estado;')).toBe(true);
  // Date and time in cells of their own, as a spreadsheet sorts them (decision 0036).
  expect(text).toMatch(new RegExp(`\\r\\n${order.id};\\d{4}-\\d{2}-\\d{2};\\d{2}:\\d{2};Pendente;Multibanco;`));
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

test('a dona abre o painel no Resumo, muda o período, altera um preço e encontra a alteração no Registo', async ({ page }) => {
  const order = await placeGuestOrder(page.request);
  await signIn(page, admin.email, admin.password);
  const paid = await page.request.post(`/api/order/${order.id}/mark-paid`, { data: { method: 'transfer', note: 'Transferência recebida' } });
  expect(paid.status(), await paid.text()).toBe(200);
  const created = await page.request.post('/api/product', {
    multipart: { name: 'Organizador de gavetas', description: 'Divisórias de bambu.', order: '99', price: '12,00', stock: '2', isDigital: 'false', hasVariants: 'false' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: productId } = (await created.json()) as { id: number };
  // The journeys after this one read the demo catalogue: the product goes again, whatever happens here.
  try {
    await page.goto('/admin-dashboard');
    const main = page.getByRole('main');
    await expect(page.getByRole('tab', { name: 'Resumo' })).toHaveAttribute('aria-selected', 'true');
    await expect(main.getByRole('heading', { name: 'Recebido hoje' })).toBeVisible();
    await expect(main.getByRole('region', { name: /^Stock baixo/ }).getByRole('link', { name: 'Organizador de gavetas' })).toBeVisible();
    await expect(main.locator('canvas[role="img"]')).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'resumo');

    await main.getByLabel('Período', { exact: true }).selectOption('365');
    await expect(page).toHaveURL(/[?&]dias=365/);
    await expect(main.getByRole('region', { name: 'Mais vendidos (últimos 12 meses)' })).toBeVisible();
    await main.getByText('Ver os valores em tabela').click();
    await expect(main.getByRole('table', { name: /Recebido e encomendas pagas por dia/ }).getByRole('row', { name: /^Total/ })).toBeVisible();
    await page.reload();
    await expect(main.getByLabel('Período', { exact: true })).toHaveValue('365');

    await page.goto(`/admin-dashboard/edit-product/${productId}`);
    const price = main.getByLabel('Preço (€)', { exact: true });
    await expect(price).toHaveValue('12,00');
    await price.fill('13,45');
    await main.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page).toHaveURL(/tab=produtos/);

    await page.getByRole('tab', { name: 'Registo' }).click();
    await expect(page).toHaveURL(/tab=registo/);
    const change = main.getByRole('row').filter({ hasText: `Produto ${productId}` }).first();
    await expect(change).toContainText('Alterou · Produto');
    await expect(change).toContainText(admin.email);
    await expect(change).toContainText(/Preço: 12,00\s€\s+passou a 13,45\s€/);
    await main.getByLabel('Tipo').selectOption('order');
    const payment = main.getByRole('row').filter({ hasText: `Encomenda ${order.id}` }).first();
    await expect(payment).toContainText('Registou o pagamento');
    await expect(payment).toContainText(/Estado: Pendente\s+passou a Em Processamento/);
    await expect(payment).toContainText(/Recebido por: —\s+passou a Transferência/);
    await expectAccessible(page);
    await shoot(page, 'registo');
  } finally {
    await page.request.delete(`/api/product/${productId}`);
  }
});

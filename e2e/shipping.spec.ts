import type { Page } from '@playwright/test';
import { admin, expect, expectAccessible, signIn, test } from './fixtures.ts';
import { euros, fillCheckout, findProduct, shoot } from './shop-helpers.ts';

// Shipping the Portuguese way (issue #29, decision 0046): the customer sees her zone's methods and prices for her
// postcode before she pays, and may pick her order up at the atelier. At 375 and 1280 px.

const cabos = 'Organizador de cabos (10 un.)';
const AZORES_CENTS = 1190;

/** From the list to the checkout through the drawer, as a customer goes (the page keeps what it read of the shop). */
async function toCheckout(page: Page, name: string) {
  await page.goto(`/produtos?q=${encodeURIComponent(name)}`);
  await page.getByRole('main').getByRole('button', { name: `Adicionar ${name} ao carrinho`, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Adicionado ao carrinho' });
  await drawer.getByRole('link', { name: 'Finalizar compra', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizar compra' })).toBeVisible();
}

const term = (page: Page, name: string) => page.getByRole('main').locator('dt', { hasText: new RegExp(`^${name}$`) }).locator('xpath=following-sibling::dd[1]');

for (const width of [375, 1280]) {
  test(`uma cliente dos Açores vê o preço das ilhas antes de pagar, a ${width} px`, async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    const product = await findProduct(page.request, cabos);
    await toCheckout(page, cabos);
    const main = page.getByRole('main');
    const shipping = main.getByRole('group', { name: 'Método de envio' });
    await expect(shipping).toContainText('Indique o código postal');
    await fillCheckout(page, { name: 'Rita Medeiros', email: `acores.${Date.now()}@example.pt`, phone: '912345678', address: 'Rua do Peru 12', city: 'Ponta Delgada', postalCode: '9500-150' });
    await expect(shipping).toContainText('Envio para Açores.');
    const home = shipping.getByRole('radio', { name: /Entrega em casa \(CTT\)/ });
    await expect(home).toBeChecked();
    await expect(shipping).toContainText(euros(AZORES_CENTS));
    await expect(term(page, 'Portes').first()).toHaveText(euros(AZORES_CENTS));
    await expect(main.getByText('Total a pagar').locator('xpath=..')).toContainText(euros(Math.round(product.price * 100) + AZORES_CENTS));
    await expectAccessible(page, `checkout dos Açores a ${width} px`);
    if (width === 1280) await shoot(page, 'checkout-acores');

    await main.getByRole('button', { name: /Finalizar compra|Encomendar e pagar/ }).click();
    await expect(page).toHaveURL(/\/(pagamento|order-success|multibanco)/);
  });
}

test.describe('levantar no ateliê', () => {
  let pickupId = 0;
  test.beforeEach(async ({ page }) => {
    await signIn(page, admin.email, admin.password);
    const created = await page.request.post('/api/shipping-method', {
      data: { zone: 'continente', name: 'Levantar no ateliê', kind: 'pickup', days_min: 1, days_max: 2, pickup_address: 'Rua do Ateliê 5, Porto', pickup_hours: 'dias úteis, 10h-18h' },
    });
    expect(created.status(), await created.text()).toBe(201);
    pickupId = ((await created.json()) as { id: number }).id;
    await page.context().clearCookies();
  });
  test.afterEach(async ({ page }) => {
    await signIn(page, admin.email, admin.password);
    await page.request.delete(`/api/shipping-method/${pickupId}`);
  });

  for (const width of [375, 1280]) {
    test(`uma encomenda para levantar no ateliê, a ${width} px`, async ({ page }) => {
      test.slow();
      await page.setViewportSize({ width, height: 900 });
      await toCheckout(page, cabos);
      const main = page.getByRole('main');
      await fillCheckout(page, { name: 'Sara Lopes', email: `ateliê.${Date.now()}@example.pt`.replace('ê', 'e'), phone: '912345678', address: 'Rua de Cedofeita 100', city: 'Porto', postalCode: '4050-180' });
      const shipping = main.getByRole('group', { name: 'Método de envio' });
      const pickup = shipping.getByRole('radio', { name: /Levantar no ateliê/ });
      await expect(pickup).toBeVisible();
      await expect(shipping.getByRole('radio', { name: /Entrega em casa/ })).toBeChecked();
      await pickup.click();
      await expect(pickup).toBeChecked();
      await expect(term(page, 'Portes').first()).toHaveText('Grátis');
      await expect(shipping).toContainText('Rua do Ateliê 5, Porto (dias úteis, 10h-18h)');
      await expectAccessible(page, `checkout com levantamento a ${width} px`);
      await main.getByRole('button', { name: /Finalizar compra|Encomendar e pagar/ }).click();
      await expect(page).toHaveURL(/\/(pagamento|order-success|multibanco)/);
    });
  }
});

test('o separador Envios mostra os métodos de cada zona e abre o formulário de um método', async ({ page }) => {
  await signIn(page, admin.email, admin.password);
  await page.goto('/admin-dashboard?tab=envios');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2, name: 'Envios' })).toBeVisible();
  for (const zone of ['Portugal continental', 'Madeira e Porto Santo', 'Açores']) await expect(main.getByRole('heading', { level: 3, name: zone })).toBeVisible();
  await expect(main.getByRole('region', { name: 'Portugal continental' })).toContainText(/6,00\s€ por encomenda com valor inferior a 70,00\s€/);
  await main.getByRole('button', { name: 'Novo método de envio' }).click();
  await main.getByLabel('Preço', { exact: true }).selectOption('weight_bands');
  await main.getByRole('button', { name: 'Acrescentar escalão' }).click();
  await expect(main.getByLabel('Até (g), escalão 1')).toBeVisible();
  await expectAccessible(page, 'separador Envios com o formulário');
  await shoot(page, 'admin-envios');
});

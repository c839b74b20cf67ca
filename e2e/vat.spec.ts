import type { Page } from '@playwright/test';
import { admin, expect, expectAccessible, signIn, test } from './fixtures.ts';
import { fillCheckout, shoot } from './shop-helpers.ts';

// A shop under the art. 53.º VAT exemption (issue #29, decision 0053): its checkout shows no VAT line, the law's
// words instead, and the order is placed without VAT. At 375 and 1280 px.

const cabos = 'Organizador de cabos (10 un.)';
const ART53 = 'IVA – regime de isenção (art. 53.º do CIVA)';
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon' }).format(new Date());

async function setRegime(page: Page, regime: 'normal' | 'exempt_art53') {
  await signIn(page, admin.email, admin.password);
  const saved = await page.request.put('/api/settings/tax', { data: { regime, region: 'continente', valid_from: today() } });
  expect([200, 400], await saved.text()).toContain(saved.status());
  await page.context().clearCookies();
}

test.describe('uma loja isenta de IVA (art. 53.º)', () => {
  test.beforeEach(async ({ page }) => setRegime(page, 'exempt_art53'));
  test.afterEach(async ({ page }) => setRegime(page, 'normal'));

  for (const width of [375, 1280]) {
    test(`o checkout não tem linha de IVA, a ${width} px`, async ({ page }) => {
      test.slow();
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/produtos?q=${encodeURIComponent(cabos)}`);
      await page.getByRole('main').getByRole('button', { name: `Adicionar ${cabos} ao carrinho`, exact: true }).click();
      await page.getByRole('dialog', { name: 'Adicionado ao carrinho' }).getByRole('link', { name: 'Finalizar compra', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Finalizar compra' })).toBeVisible();
      await fillCheckout(page, { name: 'Inês Duarte', email: `isenta.${Date.now()}@example.pt`, phone: '912345678', address: 'Rua das Flores 10', city: 'Lisboa', postalCode: '1100-200' });
      const main = page.getByRole('main');
      await expect(main.getByText(ART53, { exact: true })).toBeVisible();
      await expect(main.getByText(/IVA \(\d+%\) incluído/)).toHaveCount(0);
      await expectAccessible(page, `checkout de uma loja isenta a ${width} px`);
      await shoot(page, `checkout-isento-${width}`);

      await main.getByRole('button', { name: /Finalizar compra|Encomendar e pagar/ }).click();
      await expect(page).toHaveURL(/\/(pagamento|order-success|multibanco)/);
    });
  }
});

for (const width of [375, 1280]) {
  test(`o separador IVA do back office mostra o regime e muda-o a partir de uma data, a ${width} px`, async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, admin.email, admin.password);
    await page.goto('/admin-dashboard?tab=iva');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Em vigor' })).toBeVisible();
    await expect(main).toContainText('Normal 23 %, intermédia 13 %, reduzida 6 %.');
    await main.getByLabel('Regime de IVA').selectOption('exempt_art53');
    await main.getByLabel('A partir de').fill(`${width === 375 ? 2099 : 2098}-01-01`);
    await main.getByRole('button', { name: 'Guardar' }).click();
    await expect(main.getByRole('status')).toContainText('Definições de IVA guardadas.');
    await expect(main).toContainText(`A partir de 1 de janeiro de ${width === 375 ? 2099 : 2098}: Isenção do art. 53.º do CIVA, Continente.`);
    await expectAccessible(page, `separador IVA a ${width} px`);
    await shoot(page, `iva-${width}`);
  });
}

import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { admin, expect, signIn, test } from './fixtures.ts';
import { placeGuestOrder } from './shop-helpers.ts';
import { patience, shopPort } from './fixtures/env.ts';

// Issue #25, "invoices without a provider": in a shop with INVOICING=none, "Faturas por emitir" says who to
// invoice (name, NIF, company, address, total) and "Marcar como emitida" keeps the number the owner gives,
// which her customer then sees on the order's page. At 1280 and at 375 px. The shops the other journeys use
// issue through the stand-in for InvoiceXpress: this file starts its own, without one, 5 ports past its worker's.

const port = shopPort(Number(process.env.TEST_PARALLEL_INDEX ?? 0)) + 5;
const shopUrl = `http://127.0.0.1:${port}`;
let shop: ChildProcess | undefined;

test.use({ baseURL: shopUrl });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(patience(120_000));
  shop = spawn(process.execPath, [resolve(import.meta.dirname, 'serve.ts')], {
    env: { ...process.env, E2E_PORT: String(port), E2E_INVOICING: 'none' },
    stdio: 'inherit',
  });
  await expect(async () => {
    const answer = await fetch(`${shopUrl}/api/product?pageSize=1`).catch(() => null);
    expect(answer?.status).toBe(200);
  }).toPass({ timeout: patience(110_000), intervals: [500] });
});

test.afterAll(async () => {
  if (!shop || shop.exitCode !== null) return;
  const exited = new Promise((done) => shop?.once('exit', done));
  shop.kill('SIGTERM');
  await exited;
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`"Marcar como emitida" com o número da fatura, a ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const suffix = `${viewport.width}${Date.now().toString(36).slice(-4)}`;
    const number = `FR 2026/${suffix}`;
    const main = page.getByRole('main');

    // A guest's order with a NIF and a company, paid by transfer as the owner records it.
    const order = await placeGuestOrder(page.request, {
      email: `fatura.${suffix}@example.pt`,
      shippingAddress: `Inês Faria ${suffix}, Rua do Recibo 3, Aveiro, 3800-100, Portugal`,
      nif: '123456789',
      company: `Arrumar ${suffix}, Lda.`,
    });
    await signIn(page, admin.email, admin.password);
    const paid = await page.request.post(`/api/order/${order.id}/mark-paid`, { data: { method: 'transfer' } });
    expect(paid.status(), await paid.text()).toBe(200);

    await test.step('a lista diz a quem faturar, e guarda o número', async () => {
      await page.goto('/admin-dashboard?tab=encomendas');
      const pending = main.getByRole('alert').filter({ hasText: 'Faturas por emitir' });
      await expect(pending).toBeVisible();
      await pending.getByText('Ver as encomendas').click();
      const entry = pending.getByRole('listitem').filter({ hasText: `Inês Faria ${suffix}` });
      await expect(entry).toContainText('NIF 123456789');
      await expect(entry).toContainText(`Arrumar ${suffix}, Lda.`);
      await expect(entry).toContainText('Rua do Recibo 3, Aveiro, 3800-100, Portugal');
      await entry.getByRole('button', { name: /^Marcar como emitida/ }).click();
      const field = entry.getByLabel('N.º da fatura emitida');
      await expect(field).toBeFocused();
      // Nothing typed: the form says what it needs and sends nothing.
      await entry.getByRole('button', { name: 'Guardar' }).click();
      await expect(field).toHaveAccessibleDescription(/Indique o número da fatura que emitiu/);
      await field.fill(number);
      await page.keyboard.press('Enter');
      await expect(pending.getByRole('listitem').filter({ hasText: `Inês Faria ${suffix}` })).toHaveCount(0);
      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });

    await test.step('a cliente vê o número na página da encomenda', async () => {
      await page.request.post('/api/auth/logout');
      await page.context().clearCookies();
      await page.goto(`/order-success?id=${order.id}&token=${order.accessToken}`);
      await expect(main.getByText(`Fatura n.º ${number}`)).toBeVisible();
    });
  });
}

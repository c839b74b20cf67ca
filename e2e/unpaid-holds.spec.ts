import type { APIRequestContext } from '@playwright/test';
import { admin, expect, expectAccessible, patience, signIn, test } from './fixtures.ts';
import { placeGuestOrder } from './shop-helpers.ts';

// Stock held hostage (#26): the owner sees the unpaid orders holding stock and lets them go in one action.
// Other journeys' unpaid orders may be listed too: this one releases only its own two.

/** The product page's stock, which is always live (the list's may lag behind the catalogue cache, 0006). */
async function stockOf(request: APIRequestContext, id: number) {
  const res = await request.get(`/api/product/${id}`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { stock: number }).stock;
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 740 },
]) {
  test(`"Libertar stock": a dona vê as encomendas por pagar que reservam stock e liberta as escolhidas (${viewport.width} px)`, async ({ page, request }) => {
    test.slow();
    await page.setViewportSize(viewport);
    const list = (await (await request.get('/api/product', { params: { isDigital: 'false' } })).json()) as { rows: { id: number; name: string; stock: number; hasVariants: boolean }[] };
    const product = list.rows.find((p) => !p.hasVariants && p.stock > 2);
    expect(product, 'a physical product in stock').toBeDefined();
    const first = await placeGuestOrder(request, { productId: product?.id });
    const second = await placeGuestOrder(request, { productId: product?.id });
    const stockBefore = await stockOf(request, product?.id ?? 0);

    await signIn(page, admin.email, admin.password);
    await page.goto('/admin-dashboard?tab=encomendas');
    const holds = page.getByRole('region', { name: /Encomendas por pagar que reservam stock/ });
    // The dashboard's lists load after the page (slowly on a busy machine).
    await expect(holds).toBeVisible({ timeout: patience(30_000) });
    for (const order of [first, second]) await expect(holds.getByRole('link', { name: `Encomenda n.º ${order.id}` })).toBeVisible();
    await expectAccessible(page, `encomendas por pagar a ${viewport.width} px`);

    // Only this journey's two orders: untick all, tick them.
    await holds.getByRole('checkbox', { name: 'Todas' }).uncheck();
    await expect(holds.getByRole('button', { name: 'Libertar stock' })).toBeDisabled();
    for (const order of [first, second]) await holds.getByRole('checkbox', { name: `Escolher a encomenda n.º ${order.id}` }).check();
    await holds.getByRole('button', { name: 'Libertar stock' }).click();

    const dialog = page.getByRole('dialog', { name: 'Libertar stock' });
    await expect(dialog.getByText('Vai cancelar 2 encomendas por pagar e devolver 2 unidades ao stock.')).toBeVisible();
    await expect(dialog.getByText(/Cada cliente recebe o e-mail de cancelamento/)).toBeVisible();
    await expectAccessible(page, `confirmação de libertar stock a ${viewport.width} px`);
    await dialog.getByRole('button', { name: 'Libertar stock' }).click();

    await expect(page.getByRole('status').filter({ hasText: 'Stock libertado: 2 canceladas, 2 unidades devolvidas ao stock.' })).toBeVisible();
    await expect(dialog).toBeHidden();
    for (const order of [first, second]) await expect(holds.getByRole('link', { name: `Encomenda n.º ${order.id}` })).toHaveCount(0);
    await expectAccessible(page, `stock libertado a ${viewport.width} px`);

    expect(await stockOf(request, product?.id ?? 0)).toBe(stockBefore + 2);
    for (const order of [first, second]) {
      const answer = await page.request.get(`/api/order/${order.id}`);
      expect(((await answer.json()) as { status: string }).status).toBe('cancelled');
    }
  });
}

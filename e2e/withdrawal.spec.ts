import type { APIRequestContext, Page } from '@playwright/test';
import { admin, escapeRegExp, expect, expectAccessible, readMail, signIn, test, uniqueEmail } from './fixtures.ts';
import { type ApiProduct, placeGuestOrder, shoot } from './shop-helpers.ts';

// Issue #28, the withdrawal function: a guest withdraws part of her order from the link in its "Entregue" e-mail
// (step 1 chooses, step 2 confirms, the page says what happens next and the acknowledgement arrives), and the
// owner refunds it from Desistências in one action. On a desktop, and on a phone (@mobile, 375 px).

/** Two physical products without variants, in stock: the order is two of the first and one of the second. */
async function twoProducts(request: APIRequestContext): Promise<[ApiProduct, ApiProduct]> {
  const list = (await (await request.get('/api/product', { params: { isDigital: 'false', pageSize: '50' } })).json()) as { rows: ApiProduct[] };
  const ready = list.rows.filter((p) => !p.hasVariants && p.stock >= 3);
  expect(ready.length, 'two physical products in stock').toBeGreaterThanOrEqual(2);
  return [ready[0] as ApiProduct, ready[1] as ApiProduct];
}

/** A guest's order, paid by the owner's record and delivered: the "Entregue" e-mail carries the function's link. */
async function deliveredGuestOrder(owner: Page, email: string, products: [ApiProduct, ApiProduct]) {
  const items = [
    { product_id: products[0].id, quantity: 2 },
    { product_id: products[1].id, quantity: 1 },
  ];
  const request = owner.request;
  const order = await placeGuestOrder(request, { items, email });
  await signIn(owner, admin.email, admin.password);
  expect((await request.post(`/api/order/${order.id}/mark-paid`, { data: { method: 'transfer' } })).status()).toBe(200);
  for (const status of ['shipped', 'delivered']) expect((await request.patch(`/api/order/${order.id}/status`, { data: { status } })).status()).toBe(200);
  return order;
}

for (const size of ['1280', '375 @mobile']) {
  test(`um convidado desiste de parte da encomenda pela ligação do e-mail e a dona reembolsa em Desistências (${size} px)`, async ({ page, openPage }) => {
    test.slow();
    const desktop = size === '1280';
    const email = uniqueEmail('desiste');
    const products = await twoProducts(page.request);
    const order = await deliveredGuestOrder(page, email, products);

    // The "Entregue" e-mail: "Desistir do contrato" and its link, the guest's token in it.
    const delivered = await readMail(email, `Encomenda n.º ${order.id}: Entregue`);
    const link = delivered.text?.match(/https?:\/\/\S+\/encomendas\/\d+\/desistir\?token=[\w-]+/)?.[0];
    expect(link, 'the delivered mail links the withdrawal function').toBeTruthy();
    expect(delivered.text).toContain('Desistir do contrato:');

    // Step 1: prefilled with her name, the order's number and e-mail; one of the two units of the first product.
    const guest = await openPage();
    await guest.goto(new URL(link as string).pathname + new URL(link as string).search);
    const main = guest.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: `Desistir do contrato: encomenda n.º ${order.id}` })).toBeVisible();
    await expect(main.getByLabel('Nome')).toHaveValue('Paula Reis');
    await expect(main.getByText(`N.º ${order.id}`, { exact: true })).toBeVisible();
    await expect(main.getByText(email)).toBeVisible();
    await main.getByLabel(new RegExp(`^${escapeRegExp(products[0].name)}`)).selectOption('1');
    await main.getByLabel(new RegExp(`^${escapeRegExp(products[1].name)}`)).selectOption('0');
    await main.getByLabel('Motivo (opcional)').fill('Uma das caixas é demasiado grande.');
    await expectAccessible(guest, `desistência, passo 1, ${size}`);
    if (desktop) await shoot(guest, 'desistencia-passo-1');
    await main.getByRole('button', { name: 'Continuar' }).click();

    // Step 2: the statement, and a separate confirmation.
    await expect(main.getByRole('heading', { name: 'Passo 2 de 2: confirme a desistência' })).toBeFocused();
    await expect(main.getByText(new RegExp(`desisto do contrato de compra e venda .* encomenda n\\.º ${order.id}.*1 × ${escapeRegExp(products[0].name)}`))).toBeVisible();
    await expectAccessible(guest, `desistência, passo 2, ${size}`);
    if (desktop) await shoot(guest, 'desistencia-passo-2');
    await main.getByRole('button', { name: 'Confirmar desistência' }).click();

    // What happens next: where the goods go back, by when the money comes back.
    await expect(main.getByRole('heading', { level: 1, name: 'Desistência registada' })).toBeVisible();
    await expect(main.getByText(/Desistência registada em .* \(pedido n\.º \d+\)\. Enviámos o comprovativo para/)).toBeVisible();
    await expect(main.getByText(/Devolva os artigos, no prazo de 14 dias, para:/)).toBeVisible();
    await expect(main.getByText(/pelo mesmo meio de pagamento até/)).toBeVisible();
    expect(await guest.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(guest, `desistência registada, ${size}`);
    if (desktop) await shoot(guest, 'desistencia-registada');
    const acknowledged = await readMail(email, `Desistência da encomenda n.º ${order.id} recebida`);
    expect(acknowledged.text).toContain(`1 × ${products[0].name}`);
    expect(acknowledged.text).toContain('Motivo: Uma das caixas é demasiado grande.');

    // The owner: Desistências lists it with its deadline; one action refunds it.
    await page.goto('/admin-dashboard?tab=desistencias');
    // By the link to the order: the row's text runs its cells together ("N.º 1" then "26/11/2026" reads "N.º 126/11").
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `N.º ${order.id}`, exact: true }) });
    await expect(row).toContainText('Por reembolsar');
    await expect(row).toContainText(`1 × ${products[0].name}`);
    await expectAccessible(page, `Desistências, ${size}`);
    if (desktop) await shoot(page, 'desistencias-backoffice');
    await row.getByRole('button', { name: /Reembolsar/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('IBAN do cliente').fill('PT50000201231234567890154');
    await expectAccessible(page, `reembolsar uma desistência, ${size}`);
    await dialog.getByRole('button', { name: /^Reembolsar / }).click();
    await expect(page.getByText(/reembolsada: o cliente recebe um e-mail e a nota de crédito/)).toBeVisible();
    await expect(row).toContainText('Reembolsada');
    await expect(row.getByRole('button', { name: /Reembolsar/ })).toHaveCount(0);
    const refunded = await readMail(email, `Reembolso da encomenda n.º ${order.id}`);
    expect(refunded.text).toContain('por transferência bancária');

    // Her order page says so too, and still offers the unit and the product she kept.
    await guest.goto(new URL(link as string).pathname + new URL(link as string).search);
    await expect(main.getByText('Reembolsada')).toBeVisible();
  });
}

test("o rodapé leva a «Desistir do contrato»: número e e-mail pedem a ligação, e o modelo de formulário imprime-se", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Desistir do contrato' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Desistir do contrato' })).toBeVisible();
  await page.getByLabel('Número da encomenda').fill('999999');
  await page.getByLabel('E-mail').fill('ninguem@example.pt');
  await page.getByRole('button', { name: 'Enviar a ligação' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Se a encomenda existir com este e-mail' })).toBeVisible();
  await shoot(page, 'desistir-rodape');
  await page.getByRole('main').getByRole('link', { name: 'formulário de livre resolução' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Modelo de formulário de livre resolução' })).toBeVisible();
  await expect(page.getByText('Pela presente comunico/comunicamos (*) que resolvo/resolvemos (*)')).toBeVisible();
  await shoot(page, 'formulario-livre-resolucao');
  await page.goto('/termos-privacidade#devolucoes');
  await expect(page.getByText(/A Loja dá-lhe 30 dias \(a lei garante pelo menos 14\)/)).toBeVisible();
});

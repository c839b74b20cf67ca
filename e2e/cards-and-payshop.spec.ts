import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { escapeRegExp, expect, patience, randomSuffix, readMail, test, uniqueEmail, urlOf, urlStarting } from './fixtures.ts';
import { type ApiProduct, cents, demoProduct, euros, findProduct, orderIdFrom, screensDir, shoot } from './shop-helpers.ts';

// Issue #27, cards and Payshop with the sandbox gateway e2e/serve.ts runs: a card page accepted and one cancelled on
// the sandbox's card page, a Payshop reference paid at its test agent. Each journey buys a digital product no other
// journey buys (no stock anyone counts, no postal address), as a guest, so the token links are exercised too.

const workshop = demoProduct('Workshop gravado: Roupeiro Cápsula');
const papers = demoProduct('Workshop gravado: Papéis e Documentos em Ordem');
const planner = demoProduct('Planner digital em PDF: rotina semanal');

/** The value of a `<dt>label</dt><dd>value</dd>` pair inside the page's main area. */
const term = (page: Page, label: string) =>
  page
    .getByRole('main')
    .locator('dt')
    .filter({ hasText: new RegExp(`^\\s*${escapeRegExp(label)}\\s*$`) })
    .first()
    .locator('xpath=following-sibling::dd[1]');

/** Buys one product as a guest: its page, 'Comprar Agora', the checkout's contact fields and the way to pay. */
async function buy(page: Page, product: ApiProduct, method: RegExp, email: string) {
  const main = page.getByRole('main');
  await page.goto(`/produtos/${product.id}`);
  await expect(main.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await main.getByRole('button', { name: 'Comprar Agora', exact: true }).click();
  await expect(page).toHaveURL(urlOf('/carrinho'));
  await main.getByRole('link', { name: 'Finalizar compra', exact: true }).click();
  await expect(page).toHaveURL(urlOf('/checkout'));
  await main.getByLabel('Nome completo', { exact: true }).fill(`Inês Rocha ${randomSuffix()}`);
  await main.getByLabel('Email', { exact: true }).fill(email);
  await main.getByLabel('Telefone', { exact: true }).fill('912 345 678');
  const methods = main.getByRole('group', { name: 'Método de pagamento' });
  // The sandbox offers the four, the spec's two first (the owner has not changed the order).
  await expect(methods.getByRole('radio')).toHaveCount(4);
  await methods.getByRole('radio', { name: method }).check();
}

test.describe('cartões e Payshop', () => {
  test.beforeAll(async () => {
    await mkdir(screensDir, { recursive: true });
    for (const item of [workshop, papers, planner]) expect(item.isDigital, `${item.name} is digital`).toBe(true);
  });

  test('Cartão: a página de pagamento de testes aceita, a loja recebe a confirmação e a página de sucesso diz que está pago', async ({ page }) => {
    test.slow();
    const product = await findProduct(page.request, workshop.name);
    const main = page.getByRole('main');
    const email = uniqueEmail('cartao');
    await buy(page, product, /^Cartão/, email);
    await shoot(page, 'checkout-card');
    const since = Date.now();
    await main.getByRole('button', { name: 'Encomendar e pagar', exact: true }).click();

    await test.step('a página de pagamento com cartão (de testes)', async () => {
      await expect(page).toHaveURL(urlStarting('/sandbox/cartao/'));
      await expect(main.getByRole('heading', { level: 1, name: 'Página de pagamento com cartão (testes)' })).toBeVisible();
      await expect(term(page, 'Montante')).toHaveText(euros(cents(workshop.price)));
      await expect(term(page, 'Estado')).toHaveText('A aguardar pagamento');
      await shoot(page, 'sandbox-card');
      await main.getByRole('button', { name: 'Aceitar pagamento', exact: true }).click();
    });

    await test.step('de volta à loja: pagamento recebido, e a encomenda paga', async () => {
      await expect(page).toHaveURL(/\/pagamento\/cartao\/sucesso\/\d+\/[^/]+$/);
      const orderId = Number(new URL(page.url()).pathname.split('/')[4]);
      await expect(main.getByRole('heading', { level: 1, name: 'Pagamento com cartão' })).toBeVisible();
      await expect(main.getByText(`Encomenda N.º ${orderId}`, { exact: true })).toBeVisible();
      await expect(main.getByText('Pagamento recebido!')).toBeVisible({ timeout: patience(8_000) });
      await shoot(page, 'card-success');
      await main.getByRole('link', { name: 'Ver a encomenda', exact: true }).click();
      await expect(page).toHaveURL(urlStarting('/order-success?id='));
      await expect(main.getByText(/^Pago em \d{1,2} de \S+ de \d{4}/)).toBeVisible();
      const mail = await readMail(email, `Pagamento recebido: encomenda n.º ${orderId}`, { since });
      expect(mail.text).toContain(workshop.link ?? '');
    });
  });

  test('Cartão: cancelado na página de testes, a encomenda continua por pagar e a página da encomenda oferece outras formas', async ({ page }) => {
    test.slow();
    const product = await findProduct(page.request, papers.name);
    const main = page.getByRole('main');
    await buy(page, product, /^Cartão/, uniqueEmail('cancelado'));
    await main.getByRole('button', { name: 'Encomendar e pagar', exact: true }).click();
    await expect(page).toHaveURL(urlStarting('/sandbox/cartao/'));
    await main.getByRole('button', { name: 'Cancelar e voltar à loja', exact: true }).click();

    await expect(page).toHaveURL(/\/pagamento\/cartao\/cancelado\/\d+\/[^/]+$/);
    await expect(main.getByRole('heading', { level: 1, name: 'Pagamento cancelado' })).toBeVisible();
    await expect(main.getByText('Cancelou o pagamento com cartão. Nenhum valor foi cobrado.')).toBeVisible();
    await expect(main.getByRole('button', { name: 'Tentar de novo com cartão', exact: true })).toBeVisible();
    await shoot(page, 'card-cancelled');

    await main.getByRole('link', { name: 'Ver a encomenda e pagar de outra forma', exact: true }).click();
    await expect(page).toHaveURL(urlStarting('/order-success?id='));
    await expect(main.getByText('Esta encomenda ainda não está paga: escolha como quer pagar.', { exact: false })).toBeVisible();
    for (const name of ['Pagar por Multibanco', 'Pagar com cartão', 'Pagar por Payshop', 'Pagar por MB WAY']) {
      await expect(main.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await expect(main.getByText(/^Pago em/)).toHaveCount(0);
  });

  test('Payshop: referência, pagamento no agente de testes e a encomenda paga', async ({ page }) => {
    test.slow();
    const product = await findProduct(page.request, planner.name);
    const main = page.getByRole('main');
    const email = uniqueEmail('payshop');
    await buy(page, product, /^Payshop/, email);
    const since = Date.now();
    await main.getByRole('button', { name: 'Encomendar e pagar', exact: true }).click();

    await expect(page).toHaveURL(urlStarting('/payshop-payment?id='));
    const orderId = orderIdFrom(page);
    await expect(main.getByRole('heading', { level: 1, name: 'Pagamento por Payshop' })).toBeVisible();
    const reference = (await term(page, 'Referência Payshop').locator('.payment-figure-value').innerText()).trim();
    expect(reference).toMatch(/^\d{3} \d{3} \d{3} \d{3} \d$/);
    await expect(term(page, 'Montante').locator('.payment-figure-value')).toHaveText(euros(cents(planner.price)));
    await expect(main.getByText(/A referência é válida até \d{1,2} de \S+ de \d{4}.*; depois disso a encomenda é cancelada\./)).toBeVisible();
    await shoot(page, 'payshop-payment');
    const mail = await readMail(email, `Recebemos a sua encomenda n.º ${orderId}`, { since });
    expect(mail.text).toContain(`Referência Payshop: ${reference}`);

    await main.getByRole('link', { name: 'Pagar no agente Payshop de testes', exact: true }).click();
    await expect(page).toHaveURL(urlStarting('/sandbox/payshop?'));
    await expect(main.getByLabel('Referência Payshop', { exact: true })).toHaveValue(reference.replace(/ /g, ''));
    await main.getByRole('button', { name: 'Pagar', exact: true }).click();
    await expect(main.getByText('Pagamento aceite. A loja recebeu a confirmação.', { exact: true })).toBeVisible();

    // Back on the Payshop screen, which asks every 10 s whether the reference was paid.
    await page.goBack();
    await expect(main.getByText('Pagamento recebido!')).toBeVisible({ timeout: patience(15_000) });
    await main.getByRole('link', { name: 'Ver a encomenda', exact: true }).click();
    await expect(page).toHaveURL(urlStarting('/order-success?id='));
    await expect(main.getByText(/^Pago em \d{1,2} de \S+ de \d{4}/)).toBeVisible();
  });
});

import type { Page } from '@playwright/test';
import { admin, expect, expectAccessible, randomSuffix, signIn, test, uniqueEmail, urlOf, urlStarting } from './fixtures.ts';
import { euros, fillCheckout, findProduct, SHIPPING_CENTS, shoot, term } from './shop-helpers.ts';

// Discount codes (issue #29, decision 0054): the owner makes a code in «Códigos de desconto»; a customer applies it
// in the cart, the server says what it takes off (or why it refuses it), and the order keeps the discount's line.

const cabos = 'Organizador de cabos (10 un.)';
const refusedUnknown = 'Não conhecemos este código de desconto. Verifique se o escreveu bem.';
const main = (page: Page) => page.getByRole('main');
/** 10 % of the goods, rounded half up to the cent (decision 0054). */
const tenPercent = (c: number) => Math.floor((c * 10 + 50) / 100);
const labelOf = (code: string) => `Desconto (${code}, 10%)`;

/** The id of the code `name` (the admin session of `page`), for the clean-up. */
async function codeId(page: Page, name: string): Promise<number | undefined> {
  const res = await page.request.get('/api/discount-code');
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { codes: { id: number; code: string }[] }).codes.find((c) => c.code === name)?.id;
}

async function deleteCode(page: Page, name: string) {
  const id = await codeId(page, name);
  if (id !== undefined) expect((await page.request.delete(`/api/discount-code/${id}`)).status()).toBe(200);
}

/** One unit of `name` in the cart, through the list and the drawer, as a customer goes; ends on the cart. */
async function toCart(page: Page, name: string) {
  await page.goto(`/produtos?q=${encodeURIComponent(name)}`);
  await main(page).getByRole('button', { name: `Adicionar ${name} ao carrinho`, exact: true }).click();
  await page.getByRole('dialog', { name: 'Adicionado ao carrinho' }).getByRole('link', { name: 'Ver carrinho', exact: true }).click();
  await expect(page).toHaveURL(urlOf('/carrinho'));
}

/** Types `code` into the field of `page`'s main area and presses «Aplicar». */
async function applyCode(page: Page, code: string) {
  await main(page).getByLabel('Código de desconto', { exact: true }).fill(code);
  await main(page).getByRole('button', { name: 'Aplicar', exact: true }).click();
}

test('a dona cria um código de 10 % e uma cliente usa-o do carrinho até à encomenda, a 1280 px', async ({ page, openPage }) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  const code = `DESC${randomSuffix().toUpperCase()}`;
  await signIn(page, admin.email, admin.password);
  try {
    await test.step('a dona cria o código no separador Códigos de desconto', async () => {
      await page.goto('/admin-dashboard?tab=descontos');
      await expect(main(page).getByRole('heading', { level: 2, name: 'Códigos de desconto' })).toBeVisible();
      await main(page).getByRole('button', { name: 'Novo código de desconto', exact: true }).click();
      const form = main(page).getByRole('form', { name: 'Novo código de desconto' });
      await form.getByLabel('Código', { exact: true }).fill(code.toLowerCase());
      await expect(form.getByLabel('Tipo', { exact: true })).toHaveValue('percent');
      await expect(form.getByLabel('Percentagem (%)', { exact: true })).toHaveValue('10');
      await expectAccessible(page, 'formulário de um código de desconto');
      await form.getByRole('button', { name: 'Guardar', exact: true }).click();
      await expect(main(page).getByText('Código de desconto criado.', { exact: true })).toBeVisible();
      const row = main(page).getByRole('row').filter({ has: page.getByRole('cell', { name: code, exact: true }) });
      await expect(row.getByRole('cell').nth(1)).toHaveText('10%Percentagem');
      await expect(row.getByRole('cell').nth(4)).toHaveText('Ativo');
      await shoot(page, 'descontos-admin');
    });

    const customer = await openPage();
    await customer.setViewportSize({ width: 1280, height: 800 });
    const product = await findProduct(customer.request, cabos);
    const goods = Math.round(product.price * 100);
    const off = tenPercent(goods);
    const full = goods + SHIPPING_CENTS;

    await test.step('um código errado é recusado; o certo tira 10 % no carrinho', async () => {
      await toCart(customer, cabos);
      const summary = main(customer).locator('.card').filter({ has: customer.getByRole('heading', { name: 'Resumo', exact: true }) });
      await expect(term(summary, 'Total')).toHaveText(euros(full));

      await applyCode(customer, `ERRADO${randomSuffix()}`);
      await expect(summary.getByText(refusedUnknown, { exact: true })).toBeVisible();
      await expect(summary.getByText(/^Desconto \(/)).toHaveCount(0);
      await expect(term(summary, 'Total')).toHaveText(euros(full));
      await expectAccessible(customer, 'carrinho com um código recusado');
      await summary.getByRole('button', { name: /^Remover o código ERRADO/ }).click();

      await applyCode(customer, code.toLowerCase());
      await expect(term(summary, labelOf(code))).toHaveText(`− ${euros(off)}`);
      await expect(term(summary, 'Subtotal')).toHaveText(euros(goods));
      await expect(term(summary, 'Total')).toHaveText(euros(full - off));
      await expect(summary.getByText(`Código ${code} aplicado`, { exact: true })).toBeVisible();
      await expectAccessible(customer, 'carrinho com o código aplicado');
      await shoot(customer, 'desconto-carrinho');
    });

    await test.step('o checkout mantém o código e a encomenda guarda o desconto', async () => {
      await main(customer).getByRole('link', { name: 'Finalizar compra', exact: true }).click();
      await expect(customer).toHaveURL(urlOf('/checkout'));
      const summary = main(customer).locator('.card').filter({ has: customer.getByRole('heading', { name: 'Resumo da encomenda', exact: true }) });
      await expect(term(summary, labelOf(code))).toHaveText(`− ${euros(off)}`);
      await expect(term(summary, 'Total')).toHaveText(euros(full - off));
      await fillCheckout(customer, { name: 'Inês Barros', email: uniqueEmail('desconto'), phone: '912 345 678', address: 'Rua de Santa Catarina 20', city: 'Porto', postalCode: '4000-442' });
      await expectAccessible(customer, 'checkout com o código aplicado');
      await main(customer).getByRole('button', { name: 'Encomendar e pagar', exact: true }).click();
      await expect(customer).toHaveURL(urlStarting('/multibanco-payment?id='));
      await expect(term(main(customer), 'Montante').locator('.payment-figure-value')).toHaveText(euros(full - off));

      await main(customer).getByRole('link', { name: 'Ver a encomenda', exact: true }).click();
      await expect(customer).toHaveURL(urlStarting('/order-success?id='));
      await expect(main(customer).getByRole('heading', { level: 1, name: 'Obrigado pela sua encomenda!' })).toBeVisible();
      await expect(term(main(customer), labelOf(code))).toHaveText(`− ${euros(off)}`);
      await expect(term(main(customer), 'Subtotal')).toHaveText(euros(goods));
      await shoot(customer, 'desconto-encomenda');
    });

    await test.step('o separador conta o uso', async () => {
      await page.reload();
      const row = main(page).getByRole('row').filter({ has: page.getByRole('cell', { name: code, exact: true }) });
      await expect(row.getByRole('cell').nth(3)).toHaveText('1');
    });
  } finally {
    // The order keeps its discount when its code goes (decision 0054).
    await deleteCode(page, code);
  }
});

test.describe('códigos de desconto no telemóvel', { tag: '@mobile' }, () => {
  test('aplicar um código no carrinho a 375 px', async ({ page, openPage }) => {
    const code = `MOVEL${randomSuffix().toUpperCase()}`;
    await signIn(page, admin.email, admin.password);
    const created = await page.request.post('/api/discount-code', { data: { code, kind: 'percent', value: '10' } });
    expect(created.status(), await created.text()).toBe(201);
    try {
      const customer = await openPage();
      await customer.setViewportSize({ width: 375, height: 740 });
      const product = await findProduct(customer.request, cabos);
      const goods = Math.round(product.price * 100);
      await toCart(customer, cabos);
      const summary = main(customer).locator('.card').filter({ has: customer.getByRole('heading', { name: 'Resumo', exact: true }) });
      await expect(term(summary, 'Total')).toHaveText(euros(goods + SHIPPING_CENTS));
      await applyCode(customer, code);
      await expect(term(summary, labelOf(code))).toHaveText(`− ${euros(tenPercent(goods))}`);
      await expect(term(summary, 'Total')).toHaveText(euros(goods + SHIPPING_CENTS - tenPercent(goods)));
      expect(await customer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectAccessible(customer, 'carrinho com o código aplicado a 375 px');
    } finally {
      await deleteCode(page, code);
    }
  });
});

import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  baseURL,
  escapeRegExp,
  expect,
  expectAccessible,
  loginAs,
  patience,
  randomSuffix,
  readMail,
  registerVerifiedUser,
  test,
  uniqueEmail,
  urlOf,
  urlStarting,
} from './fixtures.ts';
import {
  type ApiProduct,
  cents,
  demoProduct,
  euros,
  FREE_SHIPPING_FROM_CENTS,
  fillCheckout,
  findProduct,
  orderIdFrom,
  screensDir,
  SHIPPING_CENTS,
  shoot,
} from './shop-helpers.ts';

// Paying orders (storefront.md §2, §4; backoffice.md §2, §4, §8, §9) with the sandbox gateway e2e/serve.ts runs:
// a Multibanco reference paid at the test ATM, an MB WAY request accepted or refused on the test phone. Each
// journey buys products no other journey buys, so their stock is nobody else's count.

const totalOf = (subtotal: number, physical: boolean) => subtotal + (physical && subtotal < FREE_SHIPPING_FROM_CENTS ? SHIPPING_CENTS : 0);

const labels = demoProduct('Etiquetas autocolantes para despensa (60 un.)');
const guide = demoProduct('Guia Casa Arrumada em 30 Dias');
const cables = demoProduct('Organizador de cabos (10 un.)');
const vacuumBags = demoProduct('Sacos de vácuo para roupa (6 un.)');

/** The value of a `<dt>label</dt><dd>value</dd>` pair inside the page's main area. */
const term = (page: Page, label: string) =>
  page
    .getByRole('main')
    .locator('dt')
    .filter({ hasText: new RegExp(`^\\s*${escapeRegExp(label)}\\s*$`) })
    .first()
    .locator('xpath=following-sibling::dd[1]');

/** Opens the product's page and presses a button there ('Adicionar ao Carrinho' or 'Comprar Agora'). */
async function addToCart(page: Page, product: ApiProduct, button: 'Adicionar ao Carrinho' | 'Comprar Agora') {
  const main = page.getByRole('main');
  await page.goto(`/produtos/${product.id}`);
  await expect(main.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await main.getByRole('button', { name: button, exact: true }).click();
  if (button === 'Comprar Agora') await expect(page).toHaveURL(urlOf('/carrinho'));
  else await expect(page.getByRole('dialog', { name: 'Adicionado ao carrinho' })).toBeVisible();
}

/** From the cart to the checkout, with the shipping details filled in (name and email only when given). */
async function checkout(page: Page, details: { name?: string; email?: string; phone: string }) {
  await page.goto('/carrinho');
  await page.getByRole('main').getByRole('link', { name: 'Finalizar compra', exact: true }).click();
  await expect(page).toHaveURL(urlOf('/checkout'));
  await fillCheckout(page, { ...details, address: `Rua do Pagamento, ${randomSuffix()}`, city: 'Faro', postalCode: '8000-100' });
}

test.describe('pagamentos', () => {
  test.beforeAll(async () => {
    await mkdir(screensDir, { recursive: true });
    for (const item of [labels, cables, vacuumBags]) {
      expect(item.variants, `${item.name} without variants`).toBeUndefined();
      expect(item.isDigital ?? false, `${item.name} is physical`).toBe(false);
    }
    expect(guide.isDigital, `${guide.name} is digital`).toBe(true);
    expect(guide.link, `${guide.name} has a link`).toBeTruthy();
  });

  test('Multibanco: referência, pagamento no multibanco de testes, Em Processamento e o link do produto digital só depois', async ({
    page,
    request,
  }) => {
    test.slow();
    const user = await registerVerifiedUser(request);
    const labelsApi = await findProduct(page.request, labels.name);
    const guideApi = await findProduct(page.request, guide.name);
    const total = totalOf(cents(labels.price) + cents(guide.price), true);
    const main = page.getByRole('main');
    await loginAs(page, user.email, user.password);

    await addToCart(page, labelsApi, 'Adicionar ao Carrinho');
    await addToCart(page, guideApi, 'Comprar Agora');
    await checkout(page, { phone: '912 345 678' });
    await expect(main.getByLabel('Número de telemóvel MB WAY')).toHaveCount(0);
    const since = Date.now();
    await main.getByRole('button', { name: 'Encomendar e pagar', exact: true }).click();

    let orderId = 0;
    let entity = '';
    let reference = '';
    await test.step('a referência: entidade, referência em grupos de 3, montante, prazo', async () => {
      await expect(page).toHaveURL(urlStarting('/multibanco-payment?id='));
      orderId = orderIdFrom(page);
      await expect(main.getByRole('heading', { level: 1, name: 'Pagamento por Multibanco' })).toBeVisible();
      await expect(main.getByText(`Encomenda N.º ${orderId}`, { exact: true })).toBeVisible();
      entity = (await term(page, 'Entidade').locator('.payment-figure-value').innerText()).trim();
      reference = (await term(page, 'Referência').locator('.payment-figure-value').innerText()).trim();
      expect(entity).toMatch(/^\d{5}$/);
      expect(reference).toMatch(/^\d{3} \d{3} \d{3}$/);
      await expect(term(page, 'Montante').locator('.payment-figure-value')).toHaveText(euros(total));
      await expect(main.getByText(/A referência é válida até \d{1,2} de \S+ de \d{4}.*; depois disso a encomenda é cancelada\./)).toBeVisible();
      await expect(main.getByRole('link', { name: 'Ver as minhas encomendas', exact: true })).toHaveAttribute('href', '/minhas-encomendas');
      await expect(main.getByRole('link', { name: 'Continuar a comprar', exact: true })).toHaveAttribute('href', '/');
      await expect(main.getByText('Ambiente de testes', { exact: true })).toBeVisible();
      await shoot(page, 'multibanco-payment');
    });

    await test.step('antes de pagar: a encomenda mostra a referência e ainda não o link digital', async () => {
      await page.goto(`/minhas-encomendas/${orderId}`);
      await expect(term(page, 'Estado')).toHaveText('Pendente');
      const payment = main.locator('.card').filter({ has: page.getByRole('heading', { name: 'Pagamento', exact: true }) });
      await expect(payment.getByText(reference, { exact: true })).toBeVisible();
      await expect(main.getByText('O link de acesso chega por email assim que o pagamento for confirmado.')).toBeVisible();
      await expect(main.getByRole('link', { name: new RegExp(`Aceder a ${escapeRegExp(guide.name)}`) })).toHaveCount(0);
    });

    await test.step('pagar no multibanco de testes, pela ligação da página da referência', async () => {
      // Back to the reference screen: the browser keeps what the checkout passed to it.
      await page.goBack();
      await expect(main.getByRole('heading', { level: 1, name: 'Pagamento por Multibanco' })).toBeVisible();
      await main.getByRole('link', { name: 'Pagar no multibanco de testes', exact: true }).click();
      await expect(page).toHaveURL(urlStarting('/sandbox/multibanco?'));
      await expect(main.getByRole('heading', { level: 1, name: 'Multibanco de testes' })).toBeVisible();
      await expect(main.getByText(/nenhum dinheiro é movimentado/)).toBeVisible();
      await expect(main.getByLabel('Entidade', { exact: true })).toHaveValue(entity);
      await expect(main.getByLabel('Referência', { exact: true })).toHaveValue(reference.replace(/ /g, ''));
      await expect(main.getByLabel('Montante (€)', { exact: true })).toHaveValue(euros(total).replace(' €', ''));
      await main.getByRole('button', { name: 'Pagar', exact: true }).click();
      await expect(main.getByText('Pagamento aceite. A loja recebeu a confirmação.', { exact: true })).toBeVisible();
    });

    await test.step('paga: Em Processamento, pago em, e o link do produto digital', async () => {
      await page.goto('/minhas-encomendas');
      const row = main.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `N.º ${orderId}`, exact: true }) });
      await expect(row.getByRole('cell').nth(1)).toHaveText('Em Processamento');
      await page.goto(`/minhas-encomendas/${orderId}`);
      await expect(term(page, 'Estado')).toHaveText('Em Processamento');
      await expect(main.getByText(/^Pago em \d{1,2} de \S+ de \d{4}/)).toBeVisible();
      const link = main.getByRole('link', { name: new RegExp(`Aceder a ${escapeRegExp(guide.name)}`) });
      await expect(link).toHaveAttribute('href', guide.link ?? '');
      await expect(main.getByText('O link de acesso chega por email assim que o pagamento for confirmado.')).toHaveCount(0);
      await shoot(page, 'order-paid');
      const mail = await readMail(user.email, `Pagamento recebido: encomenda n.º ${orderId}`, { since });
      expect(mail.text).toContain(guide.link ?? '');
    });
  });

  test('MB WAY: aceite no telemóvel de testes, depois a confirmação da encomenda', async ({ page, openPage }) => {
    const product = await findProduct(page.request, cables.name);
    const total = totalOf(cents(cables.price), true);
    const main = page.getByRole('main');
    const email = uniqueEmail('mbway');

    await addToCart(page, product, 'Comprar Agora');
    await checkout(page, { name: `Rui Costa ${randomSuffix()}`, email, phone: '+351 916 000 111' });
    await main.getByRole('radio', { name: /^MB WAY/ }).check();
    await expect(main.getByLabel('Número de telemóvel MB WAY', { exact: true })).toHaveValue('+351 916 000 111');
    await main.getByRole('button', { name: 'Encomendar e pagar', exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`^${escapeRegExp(baseURL)}/mbway-payment\\?id=\\d+&token=[^&]+$`));
    const orderId = orderIdFrom(page);
    const token = new URL(page.url()).searchParams.get('token') ?? '';
    await expect(main.getByRole('heading', { level: 1, name: 'Pagamento MB WAY' })).toBeVisible();
    await expect(term(page, 'Telemóvel')).toHaveText('916 000 111');
    await expect(term(page, 'Montante')).toHaveText(euros(total));
    await expect(main.getByRole('timer')).toHaveText(/Tempo restante para aceitar: [34]:\d\d/);
    await expect(main.getByText('A aguardar a confirmação do pagamento...')).toBeVisible();
    const phoneUrl = await main.getByRole('link', { name: /Abrir o telemóvel de testes/ }).getAttribute('href');
    expect(phoneUrl).toMatch(/^\/sandbox\/mbway\/.+/);

    const phone = await openPage();
    await phone.goto(phoneUrl ?? '');
    const screen = phone.getByRole('main');
    await expect(screen.getByRole('heading', { level: 1, name: 'Telemóvel de testes (MB WAY)' })).toBeVisible();
    await expect(term(phone, 'Montante')).toHaveText(euros(total));
    await expect(term(phone, 'Encomenda')).toHaveText(`N.º ${orderId}`);
    await expect(term(phone, 'Estado')).toHaveText('A aguardar pagamento');
    await screen.getByRole('button', { name: 'Aceitar pagamento', exact: true }).click();
    await expect(screen.getByText(/^Pagamento aceite\. A loja recebeu a confirmação\./)).toBeVisible();
    await expect(term(phone, 'Estado')).toHaveText('Pago');

    // The shop's page learns it at its next question (every 5 s), then opens the confirmation after 3 s.
    await expect(main.getByText('Pagamento confirmado!')).toBeVisible({ timeout: patience(8_000) });
    await expect(page).toHaveURL(urlOf(`/order-success?id=${orderId}&token=${encodeURIComponent(token)}`), { timeout: patience(6_000) });
    await expect(main.getByRole('heading', { level: 1, name: 'Obrigado pela sua encomenda!' })).toBeVisible();
    await expect(main.getByText(/^Pago em \d{1,2} de \S+ de \d{4}/)).toBeVisible();
  });

  test('MB WAY recusado: a caixa de erro, outro pedido possível, e pagar a mesma encomenda por Multibanco', async ({ page, openPage }) => {
    const product = await findProduct(page.request, vacuumBags.name);
    const total = totalOf(cents(vacuumBags.price), true);
    const main = page.getByRole('main');

    await addToCart(page, product, 'Comprar Agora');
    await checkout(page, { name: `Inês Matos ${randomSuffix()}`, email: uniqueEmail('recusa'), phone: '212 345 678' });
    await main.getByRole('radio', { name: /^MB WAY/ }).check();
    // A landline is no MB WAY number: the checkout says so before any order is made.
    const mbwayPhone = main.getByLabel('Número de telemóvel MB WAY', { exact: true });
    await expect(mbwayPhone).toHaveValue('212 345 678');
    await main.getByRole('button', { name: 'Encomendar e pagar', exact: true }).click();
    await expect(mbwayPhone).toHaveAccessibleDescription('Por favor insira um número de telemóvel válido: 9 dígitos começados por 9, ou com o indicativo do país (ex.: +34 612 345 678).');
    await expect(mbwayPhone).toBeFocused();
    await expect(page).toHaveURL(urlOf('/checkout'));
    await mbwayPhone.fill('936 222 333');
    await main.getByRole('button', { name: 'Encomendar e pagar', exact: true }).click();

    await expect(page).toHaveURL(urlStarting('/mbway-payment?id='));
    const orderId = orderIdFrom(page);
    const phoneUrl = await main.getByRole('link', { name: /Abrir o telemóvel de testes/ }).getAttribute('href');
    const phone = await openPage();
    await phone.goto(phoneUrl ?? '');
    await phone.getByRole('main').getByRole('button', { name: 'Recusar', exact: true }).click();
    await expect(phone.getByRole('main').getByText(/^Pagamento recusado\./)).toBeVisible();

    await expect(main.getByText('O pagamento foi recusado. Por favor, tente novamente ou escolha outro método.', { exact: true })).toBeVisible({
      timeout: patience(8_000),
    });
    await expect(main.getByRole('timer')).toHaveCount(0);
    // The cart was emptied by the order: 'Voltar ao Checkout' asks for the MB WAY number again, for this order.
    const back = main.getByRole('button', { name: 'Voltar ao Checkout', exact: true });
    await back.click();
    await expect(back).toHaveAttribute('aria-expanded', 'true');
    await expect(main.getByLabel('Número de telemóvel MB WAY', { exact: true })).toHaveValue('936222333');
    await expect(main.getByRole('button', { name: 'Enviar novo pedido MB WAY', exact: true })).toBeEnabled();
    await expectAccessible(page, 'MB WAY recusado, com o novo pedido aberto');

    await main.getByRole('button', { name: 'Pagar por Multibanco', exact: true }).click();
    await expect(page).toHaveURL(urlStarting(`/multibanco-payment?id=${orderId}&token=`));
    await expect(main.getByText(`Encomenda N.º ${orderId}`, { exact: true })).toBeVisible();
    await expect(term(page, 'Referência').locator('.payment-figure-value')).toHaveText(/^\d{3} \d{3} \d{3}$/);
    await expect(term(page, 'Montante').locator('.payment-figure-value')).toHaveText(euros(total));
  });
});

test.describe('pagamentos no telemóvel', { tag: '@mobile' }, () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a página da referência Multibanco, aberta de novo pelo endereço, cabe num telemóvel', async ({ page, request }) => {
    const product = await findProduct(request, labels.name);
    const items = [{ product_id: product.id, quantity: 2 }];
    const totals = (await (await request.post('/api/order/calculate-totals', { data: { items } })).json()) as {
      shippingCost: number;
      totalPriceWithoutTax: number;
      totalTax: number;
      totalWithTax: number;
    };
    const created = await request.post('/api/order', {
      data: {
        items,
        name: 'Sofia Pires',
        email: uniqueEmail('telemovel'),
        phone: '917 777 888',
        address: 'Rua Pequena, 3',
        city: 'Évora',
        postal_code: '7000-100',
        country: 'Portugal',
        payment_method: 'multibanco',
        shipping_cost: totals.shippingCost,
        total_price_without_tax: totals.totalPriceWithoutTax,
        total_tax: totals.totalTax,
        total_price_with_tax: totals.totalWithTax,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const order = (await created.json()) as { id: number; accessToken: string };
    const started = await request.post('/api/payment/multibanco', { data: { order_id: order.id, token: order.accessToken } });
    expect(started.status(), await started.text()).toBe(200);
    const { reference } = (await started.json()) as { reference: string };

    await page.goto(`/multibanco-payment?id=${order.id}&token=${encodeURIComponent(order.accessToken)}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Pagamento por Multibanco' })).toBeVisible();
    await expect(term(page, 'Referência').locator('.payment-figure-value')).toHaveText(reference.replace(/(\d{3})(?=\d)/g, '$1 '));
    await expect(term(page, 'Montante').locator('.payment-figure-value')).toHaveText(euros(Math.round(totals.totalWithTax * 100)));
    await expect(main.getByRole('link', { name: 'Ver a encomenda', exact: true })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'horizontal overflow at 375 px').toBeLessThanOrEqual(0);
  });
});

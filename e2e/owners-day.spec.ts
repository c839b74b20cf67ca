import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  admin,
  expect,
  expectAccessible,
  linkIn,
  loginAs,
  randomSuffix,
  readMail,
  registerVerifiedUser,
  test,
  uniqueEmail,
  urlOf,
  urlStarting,
} from './fixtures.ts';
import { cents, demoProduct, euros, fillCheckout, findProduct, orderIdFrom, placeGuestOrder, screensDir, SHIPPING_CENTS, shoot, term } from './shop-helpers.ts';

// The owner's day and the customer's trust (issue #12), as people meet them: a guest pays an unpaid order
// from the link and reference of their e-mail; the owner ships a guest's order from the list and records
// a payment received outside the gateway; a returning customer finds their address filled in; a basket of
// digital products only asks no postal address.

/** Bought only here, so the stock other journeys count on does not move. */
const hangers = demoProduct('Cabides de madeira para casacos (5 un.)');
const checklists = demoProduct('Checklists de destralhe para imprimir');


/** Puts one of `product` in the cart from its page. */
async function addToCart(page: Page, productId: number) {
  await page.goto(`/produtos/${productId}`);
  await page.getByRole('main').getByRole('button', { name: 'Adicionar ao Carrinho', exact: true }).click();
}

async function goToCheckout(page: Page) {
  await page.goto('/carrinho');
  await page.getByRole('main').getByRole('link', { name: 'Finalizar compra', exact: true }).click();
  await expect(page).toHaveURL(urlOf('/checkout'));
}

test.describe('o dia da loja', () => {
  test.beforeAll(async () => {
    await mkdir(screensDir, { recursive: true });
  });

  test('um visitante paga mais tarde, com a referência e o link do email, uma encomenda por pagar', async ({ page, openPage }) => {
    const product = await findProduct(page.request, hangers.name);
    const email = uniqueEmail('referencia');
    const main = page.getByRole('main');
    const total = cents(hangers.price) + SHIPPING_CENTS;

    await addToCart(page, product.id);
    await goToCheckout(page);
    await fillCheckout(page, { name: 'Teresa Lima', email, phone: '912 000 111', address: `Rua do Correio, ${randomSuffix()}`, city: 'Braga', postalCode: '4700-001' });
    const since = Date.now();
    await main.getByRole('button', { name: 'Encomendar e pagar', exact: true }).click();
    await expect(page).toHaveURL(urlStarting('/multibanco-payment?id='));
    const orderId = orderIdFrom(page);

    // The mail carries the reference: the customer can pay from the bank's app without coming back.
    const mail = await readMail(email, `Recebemos a sua encomenda n.º ${orderId}`, { since });
    const figures = /Entidade: (\d{5})\. Referência: (\d{3} \d{3} \d{3})\. Valor: ([\d,]+)\s€\./.exec(mail.text ?? '');
    expect(figures, mail.text).not.toBeNull();
    const [, entity = '', reference = '', amount = ''] = figures ?? [];
    expect(`${amount} €`).toBe(euros(total));
    expect(mail.text).toMatch(/A referência é válida até \d{1,2} de \S+ de \d{4}/);

    // Days later, on another device: the link opens the unpaid order, with the same reference.
    const later = await openPage();
    await later.goto(linkIn(mail));
    const there = later.getByRole('main');
    await expect(there.getByText('A aguardar pagamento. Pague no multibanco ou no homebanking com estes dados:', { exact: true })).toBeVisible();
    await expect(term(there, 'Referência').locator('.payment-figure-value')).toHaveText(reference);
    await expect(term(there, 'Entidade').locator('.payment-figure-value')).toHaveText(entity);
    await expectAccessible(later, 'encomenda por pagar aberta pelo link do email');

    // Paid at the (sandbox) ATM with the mail's figures: the same page now says when.
    await later.goto(`/sandbox/multibanco?entity=${entity}&reference=${reference.replace(/ /g, '')}&amount=${amount.replace(',', '.')}`);
    await there.getByRole('button', { name: 'Pagar', exact: true }).click();
    await expect(there.getByText('Pagamento aceite. A loja recebeu a confirmação.', { exact: true })).toBeVisible();
    await later.goto(linkIn(mail));
    await expect(there.getByText(/^Pago em \d{1,2} de \S+ de \d{4}/)).toBeVisible();
  });

  test('a dona envia do separador a encomenda de um visitante e regista um pagamento recebido por transferência', async ({ page, request }) => {
    const product = await findProduct(request, hangers.name);
    const guestEmail = uniqueEmail('visitante');
    const { id: orderId } = await placeGuestOrder(request, { productId: product.id, email: guestEmail });

    await loginAs(page, admin.email, admin.password);
    await page.goto('/admin-dashboard?tab=encomendas');
    const main = page.getByRole('main');
    const row = main.getByRole('row').filter({ has: page.getByRole('rowheader', { name: String(orderId), exact: true }) });
    await expect(row).toContainText('Pendente');

    // One step at a time from the list; shipping asks first and e-mails the guest.
    // Em Processamento tells the guest nothing: no question asked.
    await row.getByRole('button', { name: `Marcar como Em Processamento: encomenda n.º ${orderId}`, exact: true }).click();
    await expect(row).toContainText('Em Processamento');
    const since = Date.now();
    await row.getByRole('button', { name: `Marcar como Enviada: encomenda n.º ${orderId}`, exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'Marcar como Enviada' });
    await expect(dialog).toContainText('Esta encomenda ainda não foi paga.');
    await expect(dialog).toContainText(`e ${guestEmail} recebe um email a avisar.`);
    await expectAccessible(page, 'confirmação de envio no separador Encomendas');
    await dialog.getByRole('button', { name: 'Marcar como Enviada', exact: true }).click();
    await expect(row).toContainText('Enviada');
    const shipped = await readMail(guestEmail, `Encomenda n.º ${orderId}: Enviada`, { since });
    expect(linkIn(shipped)).toMatch(new RegExp(`/order-success\\?id=${orderId}&token=`));

    // Shipping was not a payment: the order is still unpaid until the owner records the transfer.
    await row.getByRole('link', { name: `Editar encomenda n.º ${orderId}`, exact: true }).click();
    await expect(page).toHaveURL(urlOf(`/admin-dashboard/edit-order/${orderId}`));
    await expect(main.getByText(`Por pagar: ${euros(cents(hangers.price) + SHIPPING_CENTS)}.`.replace(' €', '\u00a0€'))).toBeVisible();
    await main.getByRole('button', { name: 'Marcar como paga', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Marcar como paga' });
    await dialog.getByLabel('Como foi pago').selectOption({ label: 'Transferência bancária' });
    await dialog.getByLabel('Nota (opcional)').fill('Transferência recebida a 24/11');
    await expectAccessible(page, 'marcar como paga');
    await dialog.getByRole('button', { name: 'Confirmar pagamento', exact: true }).click();
    await expect(main.getByText(/Paga em .*\(Transferência bancária, registado na loja\)/)).toBeVisible();
    await expect(main.getByRole('button', { name: 'Marcar como paga', exact: true })).toHaveCount(0);
  });

  test('um cliente que volta encontra a morada preenchida; a morada fica nas Moradas do perfil', async ({ page, request }) => {
    const user = await registerVerifiedUser(request);
    const product = await findProduct(page.request, hangers.name);
    const main = page.getByRole('main');
    const street = `Rua da Memória, ${randomSuffix()}`;
    await loginAs(page, user.email, user.password);

    await addToCart(page, product.id);
    await goToCheckout(page);
    await expect(main.getByLabel('Morada', { exact: true })).toHaveValue('');
    await fillCheckout(page, { name: 'Joana Matos', phone: '934 555 666', address: street, city: 'Aveiro', postalCode: '3800-200' });
    await main.getByRole('button', { name: 'Encomendar e pagar', exact: true }).click();
    await expect(page).toHaveURL(urlStarting('/multibanco-payment?id='));

    // The next purchase starts from that address.
    await addToCart(page, product.id);
    await goToCheckout(page);
    await expect(main.getByLabel('Morada', { exact: true })).toHaveValue(street);
    await expect(main.getByLabel('Cidade', { exact: true })).toHaveValue('Aveiro');
    await expect(main.getByLabel('Código postal', { exact: true })).toHaveValue('3800-200');
    await expect(main.getByLabel('Nome completo', { exact: true })).toHaveValue('Joana Matos');
    await expect(main.getByLabel('Morada guardada', { exact: true }).locator('option:checked')).toContainText(street);

    await page.goto('/perfil');
    await main.getByRole('tab', { name: 'Moradas' }).click();
    const saved = main.getByRole('listitem').filter({ hasText: street });
    await expect(saved).toContainText('Predefinida');
    await expect(saved).toContainText('3800-200 Aveiro');
    await shoot(page, 'perfil-moradas');
  });

  test('um cesto só com produtos digitais não pede morada nem fala de entregas', async ({ page }) => {
    const product = await findProduct(page.request, checklists.name);
    const main = page.getByRole('main');
    await addToCart(page, product.id);
    await page.goto('/carrinho');
    await expect(main).not.toContainText(/[Pp]ortes|entrega/);
    await goToCheckout(page);
    await expect(main.getByRole('heading', { name: 'Os seus dados', exact: true })).toBeVisible();
    for (const label of ['Morada', 'Cidade', 'Código postal']) await expect(main.getByLabel(label, { exact: true })).toHaveCount(0);
    await expect(main).not.toContainText(/[Pp]ortes|[Ee]ntrega/);
    await main.getByLabel('Nome completo', { exact: true }).fill('Rui Costa');
    await main.getByLabel('Email', { exact: true }).fill(uniqueEmail('digital'));
    await main.getByLabel('Telefone', { exact: true }).fill('965 444 333');
    await main.getByRole('button', { name: 'Encomendar e pagar', exact: true }).click();
    await expect(page).toHaveURL(urlStarting('/multibanco-payment?id='));
    await expect(main.getByRole('heading', { level: 1, name: 'Pagamento por Multibanco' })).toBeVisible();
  });
});

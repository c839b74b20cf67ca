import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext, Page } from '@playwright/test';
import { groupReference } from '../src/shared/schemas/payments.ts';
import {
  admin,
  baseURL,
  countMails,
  e2eEnv,
  expect,
  expectAccessible,
  linkIn,
  loginAs,
  patience,
  readMail,
  registerVerifiedUser,
  signIn,
  test,
  uniqueEmail,
  urlStarting,
} from './fixtures.ts';
import { cents, demoProduct, euros, findProduct, placeGuestOrder, screensDir, shoot, term } from './shop-helpers.ts';

// Issue #27, "Unpaid orders recovered", with the sandbox gateway e2e/serve.ts runs: a Multibanco order left unpaid is
// paid another way from the customer's order page, and the reference's reminder e-mail (sent by the shop's own
// command, as of a time near the reference's deadline) leads to the order's page, where another way pays it. Each
// journey buys a digital product (no stock any journey counts, no postal address) and makes its own customer.

const workshop = demoProduct('Workshop gravado: Roupeiro Cápsula');
const guide = demoProduct('Guia Casa Arrumada em 30 Dias');

/** A Multibanco order of one `product` placed through the API (the checkout has its own journeys), and its reference issued. */
async function multibancoOrder(request: APIRequestContext, productName: string, email: string) {
  const product = await findProduct(request, productName);
  return placeGuestOrder(request, { productId: product.id, email });
}

/** The order page's payment card: the reference and the other ways to pay. */
const paymentCard = (page: Page) =>
  page
    .getByRole('main')
    .locator('.card')
    .filter({ has: page.getByRole('heading', { name: 'Pagamento', exact: true }) });

/** The reference's figures as the order page shows them: what the customer keeps to pay at the ATM later. */
async function referenceShown(page: Page) {
  const card = paymentCard(page);
  await expect(card.getByText('A aguardar pagamento. Pague no multibanco ou no homebanking com estes dados:')).toBeVisible();
  const value = (label: string) => term(card, label).locator('.payment-figure-value').innerText();
  // The amount's space before € is a no-break one: read as a plain space, as euros() writes it.
  return { entity: (await value('Entidade')).trim(), reference: (await value('Referência')).trim(), amount: (await value('Montante')).replace(/\s+/g, ' ').trim() };
}

test.describe('encomendas por pagar recuperadas', () => {
  test.beforeAll(async () => {
    await mkdir(screensDir, { recursive: true });
    for (const item of [workshop, guide]) expect(item.isDigital, `${item.name} is digital`).toBe(true);
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 740 },
  ]) {
    test(`pagar de outra forma na página da encomenda: MB WAY paga-a${viewport.width === 1280 ? ', e a referência antiga paga depois fica para reembolso' : ''} (${viewport.width} px)`, async ({
      page,
      openPage,
    }) => {
      test.slow();
      await page.setViewportSize(viewport);
      const main = page.getByRole('main');
      const user = await registerVerifiedUser(page.request);
      await loginAs(page, user.email, user.password);
      const order = await multibancoOrder(page.request, workshop.name, user.email);
      // The order-received mail carries the reference, and names the other ways the sandbox offers.
      const received = await readMail(user.email, `Recebemos a sua encomenda n.º ${order.id}`);
      expect(received.text).toContain('Também pode pagar por MB WAY, com cartão ou por Payshop na página da encomenda.');

      await page.goto(`/minhas-encomendas/${order.id}`);
      await expect(term(main, 'Estado')).toHaveText('Pendente');
      const old = await referenceShown(page);
      expect(old.amount).toBe(euros(cents(workshop.price)));
      const card = paymentCard(page);
      await expect(card.getByText('Também pode pagar de outra forma:')).toBeVisible();
      for (const name of ['Pagar com cartão', 'Pagar por Payshop', 'Pagar por MB WAY']) await expect(card.getByRole('button', { name, exact: true })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Pagar por Multibanco', exact: true })).toHaveCount(0);
      await card.getByRole('button', { name: 'Pagar por MB WAY', exact: true }).click();
      await expect(card.getByLabel('Número de telemóvel MB WAY', { exact: true })).toBeFocused();
      // At 1280 px the captures check the open form at 375 px too; the phone's run checks it once.
      const wide = viewport.width === 1280;
      if (wide) await shoot(page, 'order-other-ways');
      else await expectAccessible(page, 'outras formas de pagar, MB WAY aberto, a 375 px');

      await test.step('MB WAY, aceite no telemóvel de testes: a encomenda fica paga', async () => {
        await card.getByRole('button', { name: 'Enviar pedido MB WAY', exact: true }).click();
        await expect(page).toHaveURL(urlStarting(`/mbway-payment?id=${order.id}`));
        const phoneUrl = await main.getByRole('link', { name: /Abrir o telemóvel de testes/ }).getAttribute('href');
        const phone = await openPage();
        await phone.goto(phoneUrl ?? '');
        await phone.getByRole('main').getByRole('button', { name: 'Aceitar pagamento', exact: true }).click();
        await expect(phone.getByRole('main').getByText(/^Pagamento aceite\./)).toBeVisible();
        // The MB WAY screen learns it at its next question (every 5 s).
        await expect(main.getByText('Pagamento confirmado!')).toBeVisible({ timeout: patience(10_000) });
        await page.goto(`/minhas-encomendas/${order.id}`);
        await expect(term(main, 'Estado')).toHaveText('Em Processamento');
        await expect(paymentCard(page).getByText(/^Pago em \d{1,2} de \S+ de \d{4}/)).toBeVisible();
        await expect(paymentCard(page).getByText(old.reference)).toHaveCount(0);
      });
      // Paid once: one "Pagamento recebido", however many payments arrive.
      const paid = `Pagamento recebido: encomenda n.º ${order.id}`;
      await readMail(user.email, paid);
      // The old reference and the owner's side once, in the wide run (each run's alert would be left for the owner).
      if (!wide) return;
      const paidOn = await paymentCard(page).getByText(/^Pago em/).innerText();

      await test.step('a referência antiga, paga no multibanco de testes: o banco aceita, a encomenda continua paga uma vez', async () => {
        const atm = new URLSearchParams({ entity: old.entity, reference: old.reference.replace(/ /g, ''), amount: old.amount.replace(/\s*€$/, '').replace(',', '.') });
        await page.goto(`/sandbox/multibanco?${atm}`);
        await main.getByRole('button', { name: 'Pagar', exact: true }).click();
        await expect(main.getByText('Pagamento aceite. A loja recebeu a confirmação, mas a encomenda já não esperava este pagamento: a loja vai devolvê-lo.')).toBeVisible();
        await page.goto(`/minhas-encomendas/${order.id}`);
        await expect(term(main, 'Estado')).toHaveText('Em Processamento');
        await expect(paymentCard(page).getByText(/^Pago em/)).toHaveText(paidOn);
      });

      await test.step('a dona vê o segundo pagamento para devolver, e marca-o resolvido', async () => {
        const owner = await openPage();
        await signIn(owner, admin.email, admin.password);
        await owner.goto('/admin-dashboard?tab=encomendas');
        const alerts = owner.getByRole('alert').filter({ has: owner.getByRole('heading', { name: /^Pagamentos a verificar/ }) });
        // The dashboard's lists load after the page (slowly on a busy machine).
        const row = alerts.getByRole('listitem').filter({ has: owner.getByRole('link', { name: `Encomenda N.º ${order.id}`, exact: true }) });
        await expect(row).toContainText(`Segundo pagamento de uma encomenda já paga (${old.amount.replace(/\s*€$/, '')} €)`, { timeout: patience(30_000) });
        await expectAccessible(owner, 'pagamentos a verificar');
        await row.getByRole('button', { name: 'Marcar como resolvido', exact: true }).click();
        await expect(row).toHaveCount(0);
      });
      expect(await countMails(user.email, paid)).toBe(1);
    });
  }

  test('o lembrete da referência Multibanco: enviado uma vez, e o link leva à encomenda, onde o cartão a paga', async ({ page, request }) => {
    test.slow();
    const { databaseUrl, dataDir } = e2eEnv();
    test.skip(!databaseUrl, 'Precisa de PostgreSQL (DATABASE_URL): o comando do lembrete (npm run payments:remind) não pode abrir a base PGlite que a loja tem aberta.');
    const main = page.getByRole('main');
    const email = uniqueEmail('lembrete');
    const order = await multibancoOrder(request, guide.name, email);
    await readMail(email, `Recebemos a sua encomenda n.º ${order.id}`);
    const listed = await request.get(`/api/payment/order/${order.id}`, { params: { token: order.accessToken } });
    const [reference] = ((await listed.json()) as { payments: { entity: string; reference: string; expiresAt: string }[] }).payments;
    expect(reference?.entity).toMatch(/^\d{5}$/);

    /** The shop's reminder command, as of a minute before the reference's deadline: answers how many it reminded. */
    const remind = async () => {
      const now = new Date(new Date(reference?.expiresAt ?? '').getTime() - 60_000).toISOString();
      const env = { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PUBLIC_URL: baseURL, NODE_ENV: 'production', LOG_LEVEL: 'warn' };
      const { stdout } = await promisify(execFile)(process.execPath, [resolve(import.meta.dirname, '..', 'src/server/cli/remind-unpaid.ts'), '--now', now], { env });
      return Number(/por pagar: (\d+)/.exec(stdout)?.[1]);
    };
    // The shop may hold other journeys' unpaid references due by then: this one is among the first round's, and a
    // second round at the same moment reminds nothing (the mail count below: this order's reminder went once).
    expect(await remind()).toBeGreaterThanOrEqual(1);
    expect(await remind()).toBe(0);

    const subject = `Lembrete: a referência Multibanco da encomenda n.º ${order.id} expira em breve`;
    const mail = await readMail(email, subject, { timeout: patience(15_000) });
    // The amount's space before € is a no-break one, in the mail as on the pages.
    const text = (mail.text ?? '').replace(/\s/g, (c) => (c === '\n' ? c : ' '));
    expect(text).toContain(`Entidade: ${reference?.entity}. Referência: ${groupReference(reference?.reference ?? '')}. Montante: ${euros(cents(guide.price))}.`);
    expect(text).toMatch(/A referência Multibanco é válida até \d{1,2} de \S+ de \d{4}.*; depois disso a encomenda é cancelada\./);
    expect(text).toContain('Prefere pagar de outra forma? Na página da encomenda pode pagar por MB WAY, com cartão ou por Payshop.');

    await test.step("o link do lembrete: a encomenda da convidada, pelo seu token, com a referência e as outras formas", async () => {
      const link = new URL(linkIn(mail));
      expect(link.pathname).toBe('/order-success');
      await page.goto(link.pathname + link.search);
      await expect(paymentCard(page).getByText(groupReference(reference?.reference ?? ''))).toBeVisible();
      await expectAccessible(page, 'a encomenda aberta pelo lembrete');
      await shoot(page, 'reminder-landing');
    });

    await test.step('paga com cartão na página de testes: a encomenda fica paga', async () => {
      await paymentCard(page).getByRole('button', { name: 'Pagar com cartão', exact: true }).click();
      await expect(page).toHaveURL(urlStarting('/sandbox/cartao/'));
      await main.getByRole('button', { name: 'Aceitar pagamento', exact: true }).click();
      await expect(page).toHaveURL(/\/pagamento\/cartao\/sucesso\/\d+\/[^/]+$/);
      await expect(main.getByText('Pagamento recebido!')).toBeVisible({ timeout: patience(8_000) });
      await main.getByRole('link', { name: 'Ver a encomenda', exact: true }).click();
      await expect(page).toHaveURL(urlStarting(`/order-success?id=${order.id}`));
      await expect(main.getByText(/^Pago em \d{1,2} de \S+ de \d{4}/)).toBeVisible();
      await expect(term(main, 'Estado')).toHaveText('Em Processamento');
    });
    // Run twice, sent once.
    expect(await countMails(email, subject)).toBe(1);
  });
});

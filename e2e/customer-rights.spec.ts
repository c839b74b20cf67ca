import type { Page } from '@playwright/test';
import { DIGITAL_CONSENT_TEXT } from '#shared/digital-consent.ts';
import { admin, expect, expectAccessible, loginAs, registerVerifiedUser, test, uniqueEmail } from './fixtures.ts';
import { findProduct, placeGuestOrder, shoot } from './shop-helpers.ts';

/* issue #28: a customer downloads her data and deletes her account; a digital purchase with and without consent. */

async function exportAndErase(page: Page, request: Parameters<typeof registerVerifiedUser>[0], withShots: boolean) {
  const account = await registerVerifiedUser(request);
  await loginAs(page, account.email, account.password);
  await page.goto('/perfil');
  const main = page.getByRole('main');
  await main.getByRole('tab', { name: 'Os meus dados' }).click();
  await expect(main.getByRole('heading', { name: 'Descarregar os meus dados' })).toBeVisible();
  await expectAccessible(page, 'os meus dados');
  if (withShots) await shoot(page, 'os-meus-dados');

  const download = page.waitForEvent('download');
  await main.getByRole('link', { name: 'Descarregar os meus dados' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('os-meus-dados.json');
  const opened = page.context().waitForEvent('page');
  await main.getByRole('link', { name: /Ver os meus dados numa página/ }).click();
  const readable = await opened;
  await expect(readable.getByRole('heading', { level: 1, name: 'Os seus dados na Loja' })).toBeVisible();
  await expect(readable.getByText(account.email).first()).toBeVisible();
  await expectAccessible(readable, 'os meus dados numa página');
  await readable.close();

  await main.getByLabel('Palavra-passe', { exact: true }).fill('errada-000');
  await main.getByRole('button', { name: 'Apagar a minha conta' }).click();
  await expect(main.getByText('A palavra-passe não está correta.')).toBeVisible();
  await main.getByLabel('Palavra-passe', { exact: true }).fill(account.password);
  await main.getByRole('button', { name: 'Apagar a minha conta' }).click();
  await expect(main.getByRole('heading', { name: 'Conta apagada' })).toBeVisible();
  await expectAccessible(page, 'conta apagada');
  // The account is gone: its password no longer signs in.
  const login = await request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.status()).toBe(401);
}

async function buyDigital(page: Page, consent: boolean) {
  const product = await findProduct(page.request, 'Guia Casa Arrumada em 30 Dias');
  await page.goto(`/produtos/${product.id}`);
  await page.getByRole('main').getByRole('button', { name: 'Adicionar ao Carrinho', exact: true }).click();
  await page.goto('/checkout');
  const main = page.getByRole('main');
  const box = main.getByRole('checkbox', { name: DIGITAL_CONSENT_TEXT });
  await expect(box).not.toBeChecked();
  await main.getByLabel('Nome completo', { exact: true }).fill('Marta Digital');
  await main.getByLabel('Email', { exact: true }).fill(uniqueEmail('digital'));
  await main.getByLabel('Telefone', { exact: true }).fill('912345678');
  if (consent) await box.check();
  await expectAccessible(page, 'checkout digital');
  if (consent) await shoot(page, 'checkout-consentimento-digital');
  await main.getByRole('button', { name: 'Encomendar e pagar', exact: true }).click();
  await expect(page).toHaveURL(/\/multibanco-payment\?/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const signed = await page.request.post('/api/auth/login', { data: { email: admin.email, password: admin.password } });
  expect(signed.status()).toBe(200);
  const order = (await (await page.request.get(`/api/order/${id}`)).json()) as { digital_consent_at: string | null };
  await page.request.post('/api/auth/logout');
  return order;
}

test.describe('os dados da cliente e o consentimento digital', () => {
  test('descarrega os dados e apaga a conta', async ({ page, request }) => {
    await exportAndErase(page, request, true);
  });

  test('compra digital com e sem consentimento', async ({ page }) => {
    // Two whole checkouts and the screenshots at two widths.
    test.slow();
    expect((await buyDigital(page, true)).digital_consent_at).not.toBeNull();
    await page.goto('/');
    expect((await buyDigital(page, false)).digital_consent_at).toBeNull();
  });
});

test.describe('o Pedido RGPD da dona da loja', () => {
  test('exporta e anonimiza os dados de um email sem conta; recusa enquanto uma encomenda está em curso', async ({ page, request }) => {
    const guest = uniqueEmail('pedido-rgpd');
    const sent = await request.post('/api/contact', { data: { name: 'Paula', email: guest, subject: 'Os meus dados', message: 'Apaguem os meus dados.' } });
    expect(sent.status()).toBe(200);
    const busy = uniqueEmail('pedido-aberto');
    const open = await placeGuestOrder(request, { email: busy });

    await loginAs(page, admin.email, admin.password);
    await page.goto('/admin-dashboard?tab=utilizadores');
    const panel = page.getByRole('main');
    await expect(panel.getByRole('heading', { name: 'Pedido RGPD' })).toBeVisible();
    await panel.getByLabel('Email do pedido', { exact: true }).fill(guest);
    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Exportar dados', exact: true }).click();
    expect((await download).suggestedFilename()).toBe(`dados-${guest}.json`);
    await expect(panel.getByText(`Exportados os dados de ${guest}: 0 encomenda(s), 1 mensagem(ns).`)).toBeVisible();
    await shoot(page, 'pedido-rgpd');

    await panel.getByLabel('Email do pedido', { exact: true }).fill(guest);
    await panel.getByRole('button', { name: 'Anonimizar dados', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Anonimizar dados' });
    await expectAccessible(page, 'confirmar anonimização');
    await dialog.getByRole('button', { name: 'Anonimizar', exact: true }).click();
    await expect(panel.getByText('Pedido concluído: 0 encomenda(s) anonimizada(s), 1 mensagem(ns) apagada(s).')).toBeVisible();

    await panel.getByLabel('Email do pedido', { exact: true }).fill(busy);
    await panel.getByRole('button', { name: 'Anonimizar dados', exact: true }).click();
    await dialog.getByRole('button', { name: 'Anonimizar', exact: true }).click();
    await expect(dialog.getByText(`a encomenda n.º ${open.id} está em curso`, { exact: false })).toBeVisible();
  });
});

test.describe('os dados da cliente no telemóvel', { tag: '@mobile' }, () => {
  test('descarrega os dados e apaga a conta (375 px)', async ({ page, request }) => {
    await exportAndErase(page, request, false);
  });

  test('compra digital com consentimento (375 px)', async ({ page }) => {
    expect((await buyDigital(page, true)).digital_consent_at).not.toBeNull();
  });
});

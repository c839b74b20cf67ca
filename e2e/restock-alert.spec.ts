import type { Page } from '@playwright/test';
import { admin, expect, linkIn, randomSuffix, readMail, signIn, test, uniqueEmail, urlOf } from './fixtures.ts';
import { shoot } from './shop-helpers.ts';

// Issue #30, "Avise-me quando voltar": a visitor leaves her address under a sold-out variant, confirms it from
// the mail, the owner sees her waiting on the product form and restocks the variant there; the mail of the
// return arrives with the product's link and a link to stop.

/** A product of its own (another journey's stock is not touched): a small box in stock, the large one sold out. */
async function soldOutVariant(page: Page) {
  const name = `Caixa de teste ${randomSuffix()}`;
  const variants = [
    { name: 'Pequena', price: '9,90', stock: 3, sku: `T-P-${randomSuffix()}` },
    { name: 'Grande', price: '14,90', stock: 0, sku: `T-G-${randomSuffix()}` },
  ];
  const created = await page.request.post('/api/product', {
    multipart: { name, description: 'Caixa para a jornada do aviso.', order: '99', price: '', stock: '', isDigital: 'false', hasVariants: 'true', variants: JSON.stringify(variants) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const answer = (await created.json()) as { id: number; variants: { id: number; name: string }[] };
  return { name, id: answer.id, large: answer.variants.find((v) => v.name === 'Grande')?.id ?? 0 };
}

async function journey(page: Page, openPage: () => Promise<Page>, width: number) {
  const owner = await openPage();
  await owner.setViewportSize({ width, height: 900 });
  await signIn(owner, admin.email, admin.password);
  const product = await soldOutVariant(owner);
  const email = uniqueEmail('aviso');

  await test.step('a visitante pede o aviso da variante esgotada', async () => {
    await page.goto(`/produtos/${product.id}`);
    const main = page.getByRole('main');
    await main.getByLabel('Variante').selectOption(String(product.large));
    await expect(main.getByText('Fora de stock', { exact: true })).toBeVisible();
    const form = main.getByRole('region', { name: 'Avise-me quando voltar' });
    await form.getByLabel('O seu email').fill(email);
    const since = Date.now();
    await form.getByRole('button', { name: 'Avisar-me' }).click();
    await expect(form.getByRole('status')).toHaveText('Enviámos-lhe um email: confirme o pedido para ser avisado quando voltar a estar disponível.');
    if (width === 1280) await shoot(page, 'restock-alert-form');
    const confirmation = await readMail(email, 'Confirme o aviso', { since });
    expect(confirmation.subject).toBe(`Confirme o aviso: ${product.name} (Grande)`);
    await page.goto(linkIn(confirmation));
    await expect(page.getByRole('heading', { level: 1, name: 'Confirmar o aviso' })).toBeVisible();
    await expect(page.getByText('Pedido confirmado: vamos avisá-lo por email quando voltar a estar disponível.')).toBeVisible();
  });

  const since = Date.now();
  await test.step('a dona vê quem espera e repõe a variante no formulário', async () => {
    await owner.goto(`/admin-dashboard/edit-product/${product.id}`);
    const main = owner.getByRole('main');
    await expect(main.getByText('Avise-me quando voltar: 1 cliente à espera de aviso. Grande: 1.')).toBeVisible();
    await main.getByLabel('Stock da variante 2').fill('5');
    await main.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(owner).not.toHaveURL(urlOf(`/admin-dashboard/edit-product/${product.id}`));
  });

  await test.step('o email do regresso chega com o link do produto e o de cancelar', async () => {
    const mail = await readMail(email, 'Voltou a estar disponível', { since });
    expect(mail.subject).toBe(`Voltou a estar disponível: ${product.name} (Grande)`);
    await page.goto(linkIn(mail));
    await expect(page).toHaveURL(urlOf(`/produtos/${product.id}`));
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    const stop = mail.text?.match(/https?:\/\/\S+\/avise-me\/cancelar\?token=\S+/)?.[0];
    expect(stop).toBeDefined();
    await page.goto(stop as string);
    await expect(page.getByText('Já não o vamos avisar deste produto.')).toBeVisible();
  });
}

test.describe('avise-me quando voltar', () => {
  test('pedir o aviso de uma variante esgotada e receber o email quando a dona a repõe (1280 px)', async ({ page, openPage }) => {
    test.slow();
    await journey(page, openPage, 1280);
  });
});

test.describe('avise-me quando voltar no telemóvel', { tag: '@mobile' }, () => {
  test('pedir o aviso de uma variante esgotada e receber o email quando a dona a repõe (375 px)', async ({ page, openPage }) => {
    test.slow();
    await journey(page, openPage, 375);
  });
});

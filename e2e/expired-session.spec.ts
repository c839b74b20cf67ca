import type { APIRequestContext, Page } from '@playwright/test';
import { admin, baseURL, escapeRegExp, expect, expectAccessible, loginAs, randomSuffix, registerVerifiedUser, signIn, test, urlOf } from './fixtures.ts';
import { fillCheckout, term } from './shop-helpers.ts';

// A session that ends while a page is open (it expired, or was closed on another device) never loses work:
// the back office asks to sign in again over the form and then saves; a customer's placed order is always shown.

const SESSION_COOKIE = 'loja_session';

/** Closes the browser's session on the server (as its expiry would), leaving the browser's cookie in place. */
async function endSessionOnServer(page: Page, request: APIRequestContext) {
  const session = (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
  expect(session, 'a session cookie').toBeDefined();
  const res = await request.post('/api/auth/logout', { headers: { cookie: `${SESSION_COOKIE}=${session?.value}`, origin: baseURL } });
  expect(res.status(), await res.text()).toBe(200);
  expect((await request.get('/api/user/profile', { headers: { cookie: `${SESSION_COOKIE}=${session?.value}` } })).status()).toBe(401);
}

test.describe('sessão expirada', () => {
  test('o administrador volta a entrar sobre o formulário e a alteração é guardada', async ({ page, request }) => {
    test.slow();
    const suffix = randomSuffix();
    const name = `Candeeiro de teste ${suffix}`;
    const renamed = `Candeeiro de leitura ${suffix}`;
    await signIn(page, admin.email, admin.password);
    const created = await page.request.post('/api/product', {
      multipart: { name, description: 'Candeeiro de mesa.', order: '99', price: '19,90', stock: '3', isDigital: 'false', hasVariants: 'false' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    try {
      await page.goto(`/admin-dashboard/edit-product/${id}`);
      const main = page.getByRole('main');
      await expect(main.getByLabel('Nome', { exact: true })).toHaveValue(name);
      await main.getByLabel('Nome', { exact: true }).fill(renamed);
      await main.getByLabel('Descrição', { exact: true }).fill('Candeeiro de leitura com braço articulado.');

      await endSessionOnServer(page, request);
      await main.getByRole('button', { name: 'Guardar', exact: true }).click();

      const dialog = page.getByRole('dialog', { name: 'A sua sessão expirou' });
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL(urlOf(`/admin-dashboard/edit-product/${id}`));
      // Nothing typed was lost behind the dialog.
      await expect(main.getByLabel('Nome', { exact: true })).toHaveValue(renamed);
      await expectAccessible(page, 'sessão expirada no formulário de produto');

      await dialog.getByLabel('Email', { exact: true }).fill(admin.email);
      await dialog.getByLabel('Palavra-passe', { exact: true }).fill(admin.password);
      await dialog.getByRole('button', { name: 'Entrar', exact: true }).click();

      await expect(page.getByText('Produto guardado.', { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();
      const saved = (await (await page.request.get(`/api/product/${id}`)).json()) as { name: string; description: string };
      expect(saved).toMatchObject({ name: renamed, description: 'Candeeiro de leitura com braço articulado.' });
    } finally {
      await page.request.delete(`/api/product/${id}`);
    }
  });

  test('a cliente cuja sessão termina no checkout vê a referência Multibanco da encomenda', async ({ page, request }) => {
    const account = await registerVerifiedUser(request);
    // Through the login page, as she would: its code is then in the browser, and a bounce there would be instant.
    await loginAs(page, account.email, account.password);
    const list = (await (await page.request.get('/api/product', { params: { isDigital: 'false' } })).json()) as {
      rows: { id: number; hasVariants: boolean; stock: number }[];
    };
    const product = list.rows.find((p) => !p.hasVariants && p.stock > 0);
    expect(product, 'a physical product in stock').toBeDefined();

    const main = page.getByRole('main');
    await page.goto(`/produtos/${product?.id}`);
    await main.getByRole('button', { name: 'Comprar Agora', exact: true }).click();
    await expect(page).toHaveURL(urlOf('/carrinho'));
    await main.getByRole('link', { name: 'Finalizar compra', exact: true }).click();
    await expect(page).toHaveURL(urlOf('/checkout'));
    await expect(main.getByLabel('Email', { exact: true })).toHaveValue(account.email);
    await fillCheckout(page, { phone: '+351 934 567 890', address: 'Rua do Almada, 12', city: 'Porto', postalCode: '4050-032' });

    await endSessionOnServer(page, request);
    const visited: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && visited.push(new URL(frame.url()).pathname));
    await main.getByRole('button', { name: 'Encomendar e pagar', exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`^${escapeRegExp(baseURL)}/multibanco-payment\\?id=\\d+&token=[^&]+$`));
    await expect(main.getByRole('heading', { level: 1, name: 'Pagamento por Multibanco' })).toBeVisible();
    await expect(term(main, 'Referência').locator('.payment-figure-value')).toHaveText(/^\d{3} \d{3} \d{3}$/);
    // Nothing sent her through the login or an empty cart; the header says she is no longer signed in.
    expect(visited).toEqual(['/multibanco-payment']);
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeAttached();
    await expect(page).toHaveURL(/\/multibanco-payment\?/);
  });
});

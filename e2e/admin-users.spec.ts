import type { Page } from '@playwright/test';
import {
  admin,
  escapeRegExp,
  expect,
  expectAccessible,
  loginAs, signIn,
  logout,
  openAccountMenu,
  randomSuffix,
  registerVerifiedUser,
  submitLogin,
  test,
  uniqueEmail,
  baseURL,
  urlOf,
} from './fixtures.ts';

/** The users list: /admin-dashboard with any tab query. */
const dashboardUrl = new RegExp(`^${escapeRegExp(baseURL)}/admin-dashboard(\\?.*)?$`);
const editUrl = new RegExp(`^${escapeRegExp(baseURL)}/admin-dashboard/edit-user/\\d+$`);
const bannedText = 'Esta conta está bloqueada. Contacte a loja para mais informações.';

/** The users list: signed in as the admin, through the header's account menu (the dashboard opens on Resumo). */
async function openUsersList(page: Page) {
  const menu = await openAccountMenu(page);
  await menu.getByRole('link', { name: 'Admin Dashboard', exact: true }).click();
  await expect(page).toHaveURL(dashboardUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Painel de administração' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Resumo', exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Utilizadores', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Utilizadores', exact: true })).toHaveAttribute('aria-selected', 'true');
}

const editLink = (page: Page, username: string) =>
  page.getByRole('link', { name: new RegExp(`^Editar\\b.*${escapeRegExp(username)}$`) });
const deleteButton = (page: Page, username: string) =>
  page.getByRole('button', { name: new RegExp(`^Eliminar\\b.*${escapeRegExp(username)}$`) });
const row = (page: Page, username: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: username }) });

test.describe('administração de utilizadores', () => {
  test('o admin cria um utilizador verificado, edita-o e bloqueia-o; o utilizador deixa de conseguir entrar', async ({ page }) => {
    // Several deliberate 3-second redirects (storefront.md §2) on top of the steps themselves.
    test.slow();
    const suffix = randomSuffix();
    const user = { username: `Bruno ${suffix}`, email: uniqueEmail('admin-criado'), password: `criado-${suffix}` };
    const renamed = `Bruno Costa ${suffix}`;

    await signIn(page, admin.email, admin.password);
    await openUsersList(page);

    await test.step('criar', async () => {
      await page.getByRole('link', { name: 'Novo utilizador', exact: true }).click();
      await expect(page).toHaveURL(urlOf('/admin-dashboard/create-user'));
      const main = page.getByRole('main');
      await main.getByLabel('Nome de utilizador', { exact: true }).fill(user.username);
      await main.getByLabel('Email', { exact: true }).fill(user.email);
      await main.getByLabel('Palavra-passe', { exact: true }).fill(user.password);
      await expect(main.getByLabel('Administrador', { exact: true })).not.toBeChecked();
      await expect(main.getByLabel('Bloqueado', { exact: true })).not.toBeChecked();
      await main.getByLabel('Verificado', { exact: true }).check();
      await expectAccessible(page, 'novo utilizador preenchido');
      await main.getByRole('button', { name: 'Guardar', exact: true }).click();
      await expect(page).toHaveURL(dashboardUrl);
      await expect(row(page, user.username)).toContainText(user.email);
    });

    await test.step('o utilizador criado consegue entrar', async () => {
      await logout(page);
      await loginAs(page, user.email, user.password);
      await expect(page.locator('#account-menu')).toContainText(user.username);
      await logout(page);
      await loginAs(page, admin.email, admin.password);
      await openUsersList(page);
    });

    await test.step('editar', async () => {
      await editLink(page, user.username).click();
      await expect(page).toHaveURL(editUrl);
      const main = page.getByRole('main');
      const name = main.getByLabel('Nome de utilizador', { exact: true });
      await expect(name).toHaveValue(user.username);
      await expect(main.getByLabel('Email', { exact: true })).toHaveValue(user.email);
      await expect(main.getByLabel('Verificado', { exact: true })).toBeChecked();
      await name.fill(renamed);
      await main.getByRole('button', { name: 'Guardar', exact: true }).click();
      await expect(page).toHaveURL(dashboardUrl);
      await expect(row(page, renamed)).toContainText(user.email);
      await expect(row(page, user.username)).toHaveCount(0);
    });

    await test.step('bloquear', async () => {
      await editLink(page, renamed).click();
      const main = page.getByRole('main');
      await expect(main.getByLabel('Nome de utilizador', { exact: true })).toHaveValue(renamed);
      await main.getByLabel('Bloqueado', { exact: true }).check();
      await main.getByRole('button', { name: 'Guardar', exact: true }).click();
      await expect(page).toHaveURL(dashboardUrl);
      await expect(row(page, renamed)).toBeVisible();
      await expectAccessible(page, 'lista com utilizador bloqueado');
    });

    await test.step('o utilizador bloqueado não consegue entrar', async () => {
      await logout(page);
      await submitLogin(page, user.email, user.password);
      await expect(page.getByRole('main').getByText(bannedText)).toBeVisible();
      await expectAccessible(page, 'login de conta bloqueada');
      await expect(page).toHaveURL(urlOf('/login'));
      await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    });
  });

  test('eliminar um utilizador pede confirmação primeiro', async ({ page, request }) => {
    const user = await registerVerifiedUser(request);
    await signIn(page, admin.email, admin.password);
    await openUsersList(page);
    await expect(row(page, user.username)).toBeVisible();

    await test.step('cancelar mantém o utilizador', async () => {
      await deleteButton(page, user.username).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(user.username);
      await expectAccessible(page, 'confirmação de eliminação');
      await dialog.getByRole('button', { name: 'Cancelar', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(row(page, user.username)).toBeVisible();
    });

    await test.step('confirmar elimina', async () => {
      await deleteButton(page, user.username).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Eliminar', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(row(page, user.username)).toHaveCount(0);
      await expect(page.getByText('Utilizador eliminado.')).toBeVisible();
      await expectAccessible(page, 'utilizador eliminado');
    });

    await test.step('a conta eliminada deixa de entrar', async () => {
      await logout(page);
      await submitLogin(page, user.email, user.password);
      await expect(page.getByRole('main').getByText('Email ou palavra-passe incorretos.')).toBeVisible();
    });
  });

  test('um cliente que abre /admin-dashboard vai para a página inicial', async ({ page, request }) => {
    const user = await registerVerifiedUser(request);
    await loginAs(page, user.email, user.password);
    await page.goto('/admin-dashboard');
    await expect(page).toHaveURL(urlOf('/'));
    await expect(page.getByRole('heading', { name: 'Painel de administração' })).toHaveCount(0);
  });
});

import {
  baseURL,
  escapeRegExp,
  expect,
  expectAccessible,
  linkIn,
  loginAs,
  logout,
  openAccountMenu,
  patience,
  randomSuffix,
  readMail,
  registerVerifiedUser,
  submitLogin,
  test,
  uniqueEmail,
  urlOf,
} from './fixtures.ts';

const texts = {
  registered: 'Registo efetuado com sucesso! Por favor, verifica o teu email para ativar a conta antes de iniciar sessão.',
  verified: 'Conta verificada com sucesso! Já pode iniciar sessão.',
  wrongCredentials: 'Email ou palavra-passe incorretos.',
  profileUpdated: 'Perfil atualizado com sucesso!',
  passwordChanged: 'Senha alterada com sucesso!',
};

test.describe('conta de cliente', () => {
  test('registo -> link do email -> login -> editar perfil -> alterar palavra-passe -> sair -> login com a nova', async ({ page }) => {
    // Several deliberate 3-second redirects (storefront.md §2) on top of the steps themselves.
    test.slow();
    const suffix = randomSuffix();
    const username = `Ana ${suffix}`;
    const email = uniqueEmail('registo');
    const password = `primeira-${suffix}`;
    const newPassword = `segunda-${suffix}`;
    const newUsername = `Ana Silva ${suffix}`;

    await test.step('registar', async () => {
      await page.goto('/register');
      const main = page.getByRole('main');
      await main.getByLabel('Nome', { exact: true }).fill(username);
      await main.getByLabel('Email', { exact: true }).fill(email);
      await main.getByLabel('Palavra-passe', { exact: true }).fill(password);
      await main.getByLabel('Confirmar palavra-passe', { exact: true }).fill(password);
      await main.getByLabel('Li e aceito os Termos e Privacidade').check();
      const since = Date.now();
      await main.getByRole('button', { name: 'Registar', exact: true }).click();
      await expect(main.getByText(texts.registered)).toBeVisible();
      await expectAccessible(page, 'registo efetuado');
      await expect(page).toHaveURL(urlOf('/login'), { timeout: patience(10_000) });

      const mail = await readMail(email, 'Confirme o seu email', { since });
      expect(mail.subject).toBe('Confirme o seu email');
      const link = linkIn(mail);
      expect(link).toMatch(new RegExp(`^${escapeRegExp(baseURL)}/auth/verify\\?token=[^&\\s]+$`));

      await page.goto(link);
      await expect(page.getByText(texts.verified)).toBeVisible();
      await page.getByRole('main').getByRole('link', { name: 'Iniciar sessão', exact: true }).click();
      await expect(page).toHaveURL(urlOf('/login'));
    });

    await test.step('iniciar sessão', async () => {
      await loginAs(page, email, password);
      await expect(page).toHaveURL(urlOf('/'));
      await expect(page.locator('#account-menu')).toContainText(username);
      const menu = await openAccountMenu(page);
      await expect(menu.getByRole('link', { name: 'O meu perfil', exact: true })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'As minhas encomendas', exact: true })).toBeVisible();
      await expect(menu.getByRole('button', { name: 'Sair', exact: true })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
      await expectAccessible(page, 'menu da conta aberto');
      await menu.getByRole('link', { name: 'O meu perfil', exact: true }).click();
      await expect(page).toHaveURL(urlOf('/perfil'));
    });

    await test.step('editar o nome de utilizador', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'O meu perfil' })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Perfil', exact: true })).toHaveAttribute('aria-selected', 'true');
      const panel = page.getByRole('tabpanel', { name: 'Perfil', exact: true });
      await expect(panel.getByLabel('Email', { exact: true })).toHaveValue(email);
      const name = panel.getByLabel('Nome de utilizador', { exact: true });
      await expect(name).toHaveValue(username);
      await name.fill(newUsername);
      await panel.getByRole('button', { name: 'Guardar alterações', exact: true }).click();
      await expect(panel.getByText(texts.profileUpdated)).toBeVisible();
      await expectAccessible(page, 'perfil atualizado');
      await expect(page.locator('#account-menu')).toContainText(newUsername);
    });

    await test.step('alterar a palavra-passe', async () => {
      await page.getByRole('tab', { name: 'Segurança', exact: true }).click();
      const panel = page.getByRole('tabpanel', { name: 'Segurança', exact: true });
      await expect(panel).toBeVisible();
      await expectAccessible(page, 'separador Segurança');
      await panel.getByLabel('Palavra-passe atual', { exact: true }).fill(password);
      await panel.getByLabel('Nova palavra-passe', { exact: true }).fill(newPassword);
      await panel.getByLabel('Confirmar nova palavra-passe', { exact: true }).fill(newPassword);
      await panel.getByRole('button', { name: 'Alterar senha', exact: true }).click();
      await expect(panel.getByText(texts.passwordChanged)).toBeVisible();
      await expectAccessible(page, 'senha alterada');
    });

    await test.step('sair; a palavra-passe antiga deixa de servir, a nova entra', async () => {
      await logout(page);
      await expect(page).toHaveURL(urlOf('/'));
      await submitLogin(page, email, password);
      await expect(page.getByRole('main').getByText(texts.wrongCredentials)).toBeVisible();
      await expectAccessible(page, 'login recusado');
      await loginAs(page, email, newPassword);
      await expect(page).toHaveURL(urlOf('/'));
      await expect(page.locator('#account-menu')).toContainText(newUsername);
    });
  });

  test('um visitante em /perfil vai para /login e volta a /perfil depois de entrar', async ({ page, request }) => {
    const user = await registerVerifiedUser(request);
    await page.goto('/perfil');
    await expect(page).toHaveURL(urlOf('/login'));
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await loginAs(page, user.email, user.password);
    await expect(page).toHaveURL(urlOf('/perfil'));
    await expect(page.getByRole('heading', { level: 1, name: 'O meu perfil' })).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: 'Perfil', exact: true }).getByLabel('Email', { exact: true })).toHaveValue(user.email);
  });

  test('esqueci-me da palavra-passe -> link do email -> redefinir -> login com a nova', async ({ page, request }) => {
    const user = await registerVerifiedUser(request);
    const newPassword = `redefinida-${randomSuffix()}`;

    await page.goto('/recuperar-senha');
    const main = page.getByRole('main');
    await main.getByLabel('Email', { exact: true }).fill(user.email);
    const since = Date.now();
    await main.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(main.getByText('Se existir uma conta com este email, enviámos as instruções para redefinir a palavra-passe.')).toBeVisible();
    await expectAccessible(page, 'pedido de recuperação enviado');

    const mail = await readMail(user.email, 'Redefinir a palavra-passe', { since });
    const link = linkIn(mail);
    expect(link).toMatch(new RegExp(`^${escapeRegExp(baseURL)}/recuperar-senha/[^/?#\\s]+$`));

    await page.goto(link);
    await main.getByLabel('Nova palavra-passe', { exact: true }).fill(newPassword);
    await main.getByLabel('Confirmar palavra-passe', { exact: true }).fill(newPassword);
    await main.getByRole('button', { name: 'Redefinir Senha', exact: true }).click();
    await expect(main.getByText('Palavra-passe redefinida com sucesso! Já pode iniciar sessão.')).toBeVisible();
    await expectAccessible(page, 'palavra-passe redefinida');
    await expect(page).toHaveURL(urlOf('/login'), { timeout: patience(10_000) });

    await submitLogin(page, user.email, user.password);
    await expect(main.getByText(texts.wrongCredentials)).toBeVisible();
    await loginAs(page, user.email, newPassword);
    await expect(page.locator('#account-menu')).toContainText(user.username);
  });
});

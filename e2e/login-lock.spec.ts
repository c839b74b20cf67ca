import { baseURL, escapeRegExp, expect, expectAccessible, linkIn, readMail, registerVerifiedUser, submitLogin, test } from './fixtures.ts';

// Issue #26: an account locked by wrong passwords (a stranger's) can always sign in through a link mailed to
// it, offered on the lock message itself (decision record 0027).

test('conta bloqueada por tentativas falhadas -> ligação por email -> entra sem palavra-passe', async ({ page, request }) => {
  test.slow();
  const user = await registerVerifiedUser(request);
  for (let i = 0; i < 5; i++) await request.post('/api/auth/login', { data: { email: user.email, password: `errada-${i}` } });

  await submitLogin(page, user.email, user.password);
  const main = page.getByRole('main');
  await expect(main.getByText('Demasiadas tentativas falhadas para esta conta.', { exact: false })).toBeVisible();
  const since = Date.now();
  await main.getByRole('button', { name: 'Enviar-me uma ligação para entrar', exact: true }).click();
  await expect(main.getByText('Se existir uma conta com este email, enviámos uma ligação para entrar. É válida durante 15 minutos e só serve uma vez.')).toBeVisible();
  await expectAccessible(page, 'ligação para entrar pedida');

  const link = linkIn(await readMail(user.email, 'A sua ligação para entrar', { since }));
  expect(link).toMatch(new RegExp(`^${escapeRegExp(baseURL)}/entrar/[^/?#\\s]+$`));
  await page.goto(link);
  await expectAccessible(page, 'página da ligação para entrar');
  await main.getByRole('button', { name: 'Entrar na minha conta', exact: true }).click();
  await expect(main.getByText('Sessão iniciada com sucesso!', { exact: false })).toBeVisible();
  await expect(page.locator('#account-menu')).toContainText(user.username);

  // The link served once; the lock is gone, so the password works again too.
  await page.goto(link);
  await main.getByRole('button', { name: 'Entrar na minha conta', exact: true }).click();
  await expect(main.getByText('O link é inválido ou já foi usado.')).toBeVisible();
});

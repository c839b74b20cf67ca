import { admin, collapsedMenu, expect, expectAccessible, signIn, test } from './fixtures.ts';

// Runs in the 'mobile' project (375 px); the viewport is set here too so the file means the same anywhere.
test.use({ viewport: { width: 375, height: 740 } });

test.describe('telemóvel', { tag: '@mobile' }, () => {
  test('o cabeçalho recolhe num menu que fecha depois de escolher um link; a página de login aparece', async ({ page }) => {
    await page.goto('/register');
    const toggle = page.getByRole('button', { name: 'Abrir menu' });
    const menu = collapsedMenu(page);
    const login = menu.getByRole('link', { name: 'Login', exact: true });
    await expect(toggle).toBeVisible();
    await expect(menu).toBeHidden();
    await expect(login).toBeHidden();

    await toggle.click();
    await expect(menu).toBeVisible();
    await expect(login).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Produtos', exact: true })).toBeVisible();
    await expectAccessible(page, 'menu aberto a 375 px');

    // Escape closes it and the focus goes back to its button.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
    await toggle.click();
    await expect(login).toBeVisible();
    // Clicked once the menu has finished opening (a link clicked mid-transition can be lost on a slow machine).
    await expect(menu).toHaveClass(/\bshow\b/);
    await expect(menu).not.toHaveClass(/\bcollapsing\b/);

    await login.click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(menu).toBeHidden();
    await expect(login).toBeHidden();
    await expect(toggle).toBeVisible();

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main.getByLabel('Email', { exact: true })).toBeVisible();
    await expect(main.getByLabel('Palavra-passe', { exact: true })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
    // Nothing may stick out sideways at 375 px.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'horizontal overflow at 375 px').toBeLessThanOrEqual(0);
  });

  test('com sessão iniciada, o menu da conta funciona dentro do menu recolhido', async ({ page }) => {
    await signIn(page, admin.email, admin.password);
    const toggle = page.getByRole('button', { name: 'Abrir menu' });
    const menu = collapsedMenu(page);
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect(menu).toBeVisible();
    await expect(menu).toHaveClass(/\bshow\b/);
    await expect(menu).not.toHaveClass(/\bcollapsing\b/);
    await page.locator('#account-menu').click();
    await expect(page.locator('#account-menu')).toHaveAttribute('aria-expanded', 'true');
    await expectAccessible(page, 'menu da conta aberto a 375 px');
    await page.getByRole('link', { name: 'O meu perfil', exact: true }).click();
    await expect(page).toHaveURL(/\/perfil$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'O meu perfil' })).toBeVisible();
  });
});

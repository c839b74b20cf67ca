import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { admin, expect, signIn, test } from './fixtures.ts';

/** Screenshots for a person to look at: test-results/screens/<page>-<width>.png. */
const dir = resolve(import.meta.dirname, '..', 'test-results', 'screens');
const widths = [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
];

async function shoot(page: Page, path: string, name: string) {
  for (const viewport of widths) {
    await page.setViewportSize(viewport);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: resolve(dir, `${name}-${viewport.width}.png`), fullPage: true, animations: 'disabled' });
  }
}

test.describe('capturas de ecrã', () => {
  // Each page is loaded (and checked with axe) at two widths.
  test.describe.configure({ timeout: 120_000 });

  test.beforeAll(async () => {
    await mkdir(dir, { recursive: true });
  });

  test('páginas públicas', async ({ page }) => {
    await shoot(page, '/login', 'login');
    await shoot(page, '/register', 'register');
  });

  test('páginas com sessão de administrador', async ({ page }) => {
    await signIn(page, admin.email, admin.password);
    await shoot(page, '/perfil', 'perfil');
    await shoot(page, '/admin-dashboard', 'admin-dashboard');
  });
});

import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, urlOf } from './fixtures.ts';
import { shoot } from './shop-helpers.ts';

// Issue #30, search as you type: the header's field is a combobox; typing "caixa" suggests the boxes (a
// picture, the name, the price), the arrows choose one, Enter opens it; Enter without a choice opens the
// full results; Escape closes the list. At 1280 px the field sits in the bar, at 375 px in a row of its own.

const search = (page: Page) => page.getByRole('search', { name: 'Pesquisa da loja' });
const field = (page: Page) => search(page).getByRole('combobox', { name: 'Pesquisar na loja' });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Sugestões de pesquisa' });

/** Between 768 and 1200 px the field's row is shown by the bar's button; on a phone and a desktop it is always there. */
async function focusSearch(page: Page, width: number) {
  if (width >= 768 && width < 1200) await page.getByRole('navigation').getByRole('button', { name: 'Mostrar a pesquisa' }).click();
  else await field(page).click();
  await expect(field(page)).toBeFocused();
}

async function journey(page: Page, width: number) {
  await page.goto('/contactos');
  await focusSearch(page, width);
  await page.keyboard.type('caixa', { delay: 40 });
  const list = suggestions(page);
  await expect(list).toBeVisible();
  await expect(field(page)).toHaveAttribute('aria-expanded', 'true');
  // The live region says how many came.
  await expect(search(page).getByRole('status')).toHaveText(/^\d sugest(ão|ões)\. Use as setas para escolher\.$/);
  const box = list.getByRole('option', { name: /Caixa organizadora com tampa/ });
  await expect(box).toContainText('A partir de 12,90');
  await expect(box.locator('img')).toHaveAttribute('src', /\/thumb\.webp$/);
  await expectAccessible(page, `sugestões abertas a ${width} px`);
  if (width === 1280) await shoot(page, 'header-search-suggestions');

  // Down twice and up once: the first suggestion is the active option (aria-activedescendant); Enter opens it.
  const first = list.getByRole('option').first();
  const name = ((await first.locator('.flex-grow-1').textContent()) ?? '').trim();
  const url = await page.request.get('/api/search/suggest', { params: { q: 'caixa' } }).then(async (r) => ((await r.json()) as { products: { name: string; url: string }[] }).products.find((p) => p.name === name)?.url);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(field(page)).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(urlOf(url ?? '/nenhum'));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(suggestions(page)).toBeHidden();

  // Escape closes the list and keeps the text; Enter without a choice opens the full results.
  await field(page).fill('');
  await field(page).pressSequentially('arrumacao cesto', { delay: 30 });
  await expect(suggestions(page).getByRole('option', { name: /Cesto de arrumação em feltro/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(suggestions(page)).toBeHidden();
  await expect(field(page)).toHaveValue('arrumacao cesto');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(urlOf('/produtos?q=arrumacao+cesto'));
  await expect(page.getByRole('main')).toContainText('Cesto de arrumação em feltro');
}

test.describe('pesquisa com sugestões', () => {
  test('escrever «caixa» no cabeçalho e escolher uma sugestão com o teclado (1280 px)', async ({ page }) => {
    await journey(page, 1280);
  });
});

test.describe('pesquisa com sugestões no telemóvel', { tag: '@mobile' }, () => {
  test('escrever «caixa» e escolher uma sugestão com o teclado (375 px)', async ({ page }) => {
    await journey(page, 375);
  });

  test('entre 768 e 1200 px a pesquisa é um botão que mostra o campo e lhe dá o foco', async ({ page }) => {
    await page.setViewportSize({ width: 900, height: 800 });
    await page.goto('/servicos');
    await expect(field(page)).toBeHidden();
    const toggle = page.getByRole('navigation').getByRole('button', { name: 'Mostrar a pesquisa' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(field(page)).toBeFocused();
    await page.keyboard.type('cabides veludo', { delay: 30 });
    await expect(suggestions(page).getByRole('option', { name: /Cabides de veludo antideslizantes/ })).toBeVisible();
    await expectAccessible(page, 'sugestões a 900 px');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Cabides de veludo antideslizantes (10 un.)' })).toBeVisible();
    // A new page: the row is put away again.
    await expect(field(page)).toBeHidden();
  });
});

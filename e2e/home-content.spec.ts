import type { Page } from '@playwright/test';
import { demoCatalogue } from '../src/server/modules/catalog/demo/catalogue.ts';
import { MOVE_LOCK_MS } from '../src/web/features/home/use-section-navigation.ts';
import { admin, expect, expectAccessible, patience, randomSuffix, readMail, signIn, test, uniqueEmail } from './fixtures.ts';

// The home page, its editable hero, the contact form and the terms page, on the demo shop e2e/serve.ts seeds.

const dot = (page: Page, n: number) => page.getByRole('button', { name: new RegExp(`^Secção ${n}:`) });
const current = (page: Page) => page.getByRole('navigation', { name: 'Secções da página inicial' }).locator('[aria-current="true"]');
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

const names = ['Organização pessoal, produtos e serviços', 'Produtos em destaque', 'Serviços'] as const;

/** The section the dots mark as current is the one on the screen (the others are moved out of it). */
async function expectShown(page: Page, n: 1 | 2 | 3) {
  await expect(current(page)).toHaveAccessibleName(new RegExp(`^Secção ${n}:`));
  await expect(section(page, names[n - 1] ?? '')).toBeInViewport({ ratio: 0.9 });
  for (const other of names.filter((_, i) => i !== n - 1)) await expect(section(page, other)).not.toBeInViewport();
}

/** A one-finger vertical swipe through the DevTools protocol (real touch events, as a phone sends them). */
async function swipe(page: Page, fromY: number, toY: number) {
  const cdp = await page.context().newCDPSession(page);
  const x = 300;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: fromY }] });
  for (const y of [fromY + (toY - fromY) / 3, fromY + ((toY - fromY) * 2) / 3, toY]) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test.describe('página inicial', () => {
  test('moves between its three sections by wheel, keys, dots and buttons, then lets the page scroll on', async ({ page }) => {
    // Without the slide animation (prefers-reduced-motion): each move shows at once.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // The page's clock runs as usual; the waits past the wheel lock jump it forward instead of sleeping.
    await page.clock.install();
    await page.goto('/');
    await expect(page).toHaveTitle('Início | Loja');
    await expectShown(page, 1);
    // The first three products by display order, each linking to its page.
    const products = section(page, 'Produtos em destaque');
    for (const item of demoCatalogue.slice(0, 3)) await expect(products.getByRole('link', { name: `Ver Detalhes de ${item.name}`, exact: true })).toHaveAttribute('href', /^\/produtos\/\d+$/);
    await expect(section(page, 'Serviços').getByRole('link', { name: /^Agendar:/ }).first()).toHaveAttribute('target', '_blank');

    await page.mouse.move(400, 400);
    await page.mouse.wheel(0, 150);
    await expectShown(page, 2);
    await page.clock.runFor(MOVE_LOCK_MS + 50);
    // One trackpad gesture is a burst of wheel events: those within 800 ms of a move do not skip a section.
    await page.locator('.home-page').evaluate((home) => {
      for (let i = 0; i < 5; i++) home.dispatchEvent(new WheelEvent('wheel', { deltaY: -40, bubbles: true, cancelable: true }));
    });
    await expectShown(page, 1);
    await page.clock.runFor(MOVE_LOCK_MS + 50);
    await page.mouse.wheel(0, 150);
    await expectShown(page, 2);
    await page.clock.runFor(MOVE_LOCK_MS + 50);
    await page.mouse.wheel(0, 150);
    await expectShown(page, 3);

    await page.keyboard.press('Home');
    await expectShown(page, 1);
    await page.keyboard.press('PageDown');
    await expectShown(page, 2);
    await page.keyboard.press('ArrowUp');
    await expectShown(page, 1);

    // The side controls fade out 3 s after the mouse last moved; moving it brings them back.
    await expect(page.locator('.home-controls')).not.toHaveClass(/home-controls--visible/, { timeout: patience(5_000) });
    await page.mouse.move(500, 300);
    await expect(page.locator('.home-controls')).toHaveClass(/home-controls--visible/);
    await dot(page, 3).click();
    await expectShown(page, 3);
    await page.getByRole('button', { name: 'Secção anterior' }).click();
    await expectShown(page, 2);
    await page.getByRole('button', { name: 'Secção seguinte' }).click();
    await expectShown(page, 3);

    // Past the last section the page itself scrolls, down to the footer: nobody is trapped.
    await page.clock.runFor(MOVE_LOCK_MS + 50);
    await page.mouse.move(400, 400);
    await page.mouse.wheel(0, 600);
    await expect(page.getByRole('contentinfo')).toBeInViewport();
  });

  test('@mobile on a tablet, a swipe over 50 px changes section and a shorter one does not', async ({ page }) => {
    // A tablet held upright (a phone, under 768 px, scrolls the page instead: e2e/mobile.spec.ts).
    await page.setViewportSize({ width: 820, height: 1000 });
    await page.clock.install();
    await page.goto('/sobre');
    await expect(page).toHaveTitle('Sobre | Loja');
    await expectShown(page, 1);
    // The check every page gets runs axe after the load, and axe scrolls what it measures: done before the
    // swipes (a swipe during it could start on a page axe had moved), and the tablet's layout checked too.
    await expectAccessible(page, '/sobre num tablet');
    // A hero taller than the screen scrolls inside first, then the swipe moves on.
    await section(page, 'Organização pessoal, produtos e serviços').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await swipe(page, 500, 470);
    await expectShown(page, 1);
    await swipe(page, 500, 300);
    await expectShown(page, 2);
    await page.clock.runFor(MOVE_LOCK_MS + 50);
    await section(page, 'Produtos em destaque').evaluate((el) => el.scrollTo(0, 0));
    await swipe(page, 300, 500);
    await expectShown(page, 1);
  });

  test('an admin edits the hero in place; after a reload, and for a visitor, the new text is there', async ({ page, openPage }) => {
    const words = `Arrumar a casa, arrumar a cabeça ${randomSuffix()}`;
    await signIn(page, admin.email, admin.password);
    await page.goto('/');
    const hero = section(page, 'Organização pessoal, produtos e serviços');
    await expect(hero.getByText('Sou especialista em organização pessoal')).toBeVisible();
    await hero.getByRole('button', { name: /^Editar conteúdo/ }).click();

    const editor = hero.getByRole('textbox', { name: 'Texto de boas-vindas da página inicial' });
    await expect(editor).toBeFocused();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(words);
    await hero.getByRole('button', { name: 'Negrito' }).click();
    await expect(hero.getByRole('button', { name: 'Negrito' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type(' com calma');
    await hero.getByRole('button', { name: 'Guardar' }).click();
    await expect(hero.getByText('Conteúdo atualizado com sucesso!')).toBeVisible();
    await expect(editor).toBeHidden();
    await expect(hero.getByText(words)).toBeVisible();
    await expect(hero.locator('strong', { hasText: 'com calma' })).toBeVisible();

    await page.reload();
    await expect(section(page, 'Organização pessoal, produtos e serviços').getByText(words)).toBeVisible();

    const visitor = await openPage();
    await visitor.goto('/');
    const seen = section(visitor, 'Organização pessoal, produtos e serviços');
    await expect(seen.getByText(words)).toBeVisible();
    await expect(seen.getByText('Sou especialista em organização pessoal')).toHaveCount(0);
    await expect(visitor.getByRole('button', { name: /Editar conteúdo/ })).toHaveCount(0);
  });
});

test('a visitor writes through the contact page; the shop gets the mail and the admin sees it in Mensagens', async ({ page, openPage }) => {
  const email = uniqueEmail('contacto');
  const subject = `Sessão ao sábado ${randomSuffix()}`;
  const since = Date.now();
  await page.goto('/contactos');
  await expect(page.getByRole('heading', { level: 1, name: 'Contactos' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: /^\+351/ })).toHaveAttribute('href', /^tel:\+351\d+$/);
  await expect(main.getByText('Segunda a Sexta, 9h às 18h')).toBeVisible();

  await main.getByRole('button', { name: 'Enviar' }).click();
  await expect(main.getByText('Por favor insere o teu nome.')).toBeVisible();
  await main.getByLabel('Nome', { exact: true }).fill('Rita Gomes');
  await main.getByLabel('Email', { exact: true }).fill(email);
  await main.getByLabel('Assunto', { exact: true }).fill(subject);
  await main.getByRole('textbox', { name: 'Mensagem' }).fill('Olá! Fazem sessões de organização ao sábado de manhã?');
  await main.getByRole('button', { name: 'Enviar' }).click();
  await expect(main.getByText('Mensagem enviada com sucesso!')).toBeVisible();
  await expect(main.getByLabel('Assunto', { exact: true })).toHaveValue('');

  const mail = await readMail('geral@loja.pt', subject, { since });
  expect(mail.replyTo?.[0]?.address).toBe(email);
  expect(mail.text).toContain('Fazem sessões de organização ao sábado de manhã?');

  const shopOwner = await openPage();
  await signIn(shopOwner, admin.email, admin.password);
  await shopOwner.goto('/admin-dashboard?tab=mensagens');
  const item = shopOwner.getByRole('article', { name: new RegExp(subject) });
  await expect(item).toBeVisible();
  await expect(item.getByRole('link', { name: email })).toHaveAttribute('href', /^mailto:/);
  await item.getByRole('button', { name: /^Marcar como lida/ }).click();
  await expect(item.getByText('Lida', { exact: true })).toBeVisible();
});

test('the terms page shows every section, the shop details and the shipping rule', async ({ page }) => {
  await page.goto('/termos-privacidade');
  await expect(page.getByRole('heading', { level: 1, name: 'Termos e Privacidade' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navegação estrutural' }).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(page.getByText(/^Última atualização: \d{1,2} de \p{L}+ de \d{4}$/u)).toBeVisible();
  const sections = page.getByRole('main').getByRole('heading', { level: 2 }).filter({ hasText: /^\d+\. / });
  await expect(sections).toHaveCount(14);
  await expect(page.getByText('NIF 500000000').first()).toBeVisible();

  await page.getByRole('navigation', { name: 'Índice' }).getByRole('link', { name: 'Envios e entregas' }).click();
  const shipping = page.getByRole('region', { name: '11. Envios e entregas' });
  await expect(shipping.getByRole('heading')).toBeInViewport();
  await expect(shipping).toContainText(/6,00\s€ por encomenda com valor inferior a 70,00\s€/);
  await expect(page.getByRole('link', { name: /CNPD/ })).toHaveAttribute('href', 'https://www.cnpd.pt');
});

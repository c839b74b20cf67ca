// `npm run screens`: screenshots for a person to look at, not a test. Starts a fresh shop (e2e/serve.ts,
// on the built web app: run `npm run build` first) and writes screens/<page>-<width>.png at phone and
// desktop widths: the storefront a customer walks through (home, list, product, the cart drawer, cart,
// checkout), the order page and its e-mail, and a few back-office pages. E2E_PORT picks the port (3100
// otherwise).
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import PostalMime from 'postal-mime';
import { afterTwoFrames, placeGuestOrder } from '../e2e/shop-helpers.ts';

const root = resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const outDir = join(root, 'screens');
const widths = [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
];

async function waitUntilReady(deadline = Date.now() + 120_000) {
  while (Date.now() < deadline) {
    const ready = await fetch(`${baseURL}/api/ready`).then((res) => res.ok, () => false);
    if (ready) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`the shop did not start on ${baseURL}`);
}

/** The page as it is now, at each width (from the top, the pointer off the controls). */
async function capture(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  await page.mouse.move(0, 0);
  for (const viewport of widths) {
    await page.setViewportSize(viewport);
    await afterTwoFrames(page);
    const file = join(outDir, `${name}-${viewport.width}.png`);
    await page.screenshot({ path: file, fullPage: options.fullPage ?? true, animations: 'disabled' });
    console.log(file);
  }
}

/** Opens `path` at each width (loaded afresh, so each width's first render is its own) and captures it. */
async function shoot(page: Page, pages: { path: string; name: string }[]) {
  for (const { path, name } of pages) {
    for (const viewport of widths) {
      await page.setViewportSize(viewport);
      await page.goto(`${baseURL}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const file = join(outDir, `${name}-${viewport.width}.png`);
      await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
      console.log(file);
    }
  }
}

type ApiProduct = { id: number; name: string; stock: number; hasVariants: boolean; images: unknown[] };

/** The newest mail the shop wrote to `to` (DATA_DIR/mail/*.eml, no SMTP here), as HTML. */
async function newestMailTo(dataDir: string, to: string): Promise<string> {
  const dir = join(dataDir, 'mail');
  for (let tries = 0; tries < 60; tries++) {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort().reverse();
    for (const name of names) {
      const mail = await PostalMime.parse(await readFile(join(dir, name)));
      if ((mail.to ?? []).some((a) => 'address' in a && a.address?.toLowerCase() === to.toLowerCase()) && mail.html) return mail.html;
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`no mail to ${to} in ${dir}`);
}

const server = spawn(process.execPath, ['e2e/serve.ts'], { cwd: root, env: { ...process.env, E2E_PORT: String(port) }, stdio: 'inherit' });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  await mkdir(outDir, { recursive: true });
  await waitUntilReady();
  // The shop above is always started with E2E_PORT, so it writes the file named by its port (e2e/serve.ts).
  const envFile = join(root, 'test-results', `e2e-env-${port}.json`);
  const { adminEmail, adminPassword, dataDir } = JSON.parse(await readFile(envFile, 'utf8')) as { adminEmail: string; adminPassword: string; dataDir: string };
  const page = await browser.newPage({ baseURL, locale: 'pt-PT', timezoneId: 'Europe/Lisbon' });

  // The product shown: a physical one in stock with more than one picture when there is one.
  const list = (await (await fetch(`${baseURL}/api/product?isDigital=false&pageSize=50`)).json()) as { rows: ApiProduct[] };
  const buyable = list.rows.filter((p) => !p.hasVariants && p.stock > 0);
  const product = buyable.find((p) => p.images.length > 1) ?? buyable[0];
  if (!product) throw new Error('the demo catalogue has no physical product in stock');

  await shoot(page, [
    { path: '/', name: 'inicio' },
    { path: '/produtos', name: 'produtos' },
    { path: `/produtos/${product.id}`, name: 'produto' },
    { path: '/carrinho', name: 'carrinho-vazio' },
    { path: '/login', name: 'login' },
    { path: '/nao-existe', name: 'nao-encontrada' },
  ]);

  // The customer adds the product: the cart drawer opens beside the page.
  await page.setViewportSize(widths[1] ?? { width: 1280, height: 800 });
  await page.goto(`${baseURL}/produtos/${product.id}`);
  await page.waitForLoadState('networkidle');
  await page.getByRole('main').getByRole('button', { name: 'Adicionar ao Carrinho', exact: true }).click();
  const drawer = page.getByRole('dialog');
  await drawer.waitFor();
  await page.waitForTimeout(500);
  await capture(page, 'carrinho-gaveta', { fullPage: false });
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });

  await shoot(page, [
    { path: '/carrinho', name: 'carrinho' },
    { path: '/checkout', name: 'checkout' },
  ]);

  // Signed in, the owner buys the same product (through the API, as the journeys do), and sees her order page
  // and its e-mail.
  const login = await page.request.post(`${baseURL}/api/auth/login`, { data: { email: adminEmail, password: adminPassword } });
  if (!login.ok()) throw new Error(`admin sign-in failed: ${login.status()}`);
  const order = await placeGuestOrder(page.request, { productId: product.id, email: adminEmail });
  await shoot(page, [
    { path: `/minhas-encomendas/${order.id}`, name: 'encomenda' },
    { path: '/perfil', name: 'perfil' },
    { path: '/admin-dashboard', name: 'admin-dashboard' },
    { path: '/admin-dashboard?tab=encomendas', name: 'admin-encomendas' },
    { path: '/admin-dashboard?tab=envios', name: 'admin-envios' },
    { path: '/admin-dashboard/create-collection', name: 'admin-nova-colecao' },
    { path: `/admin-dashboard/edit-product/${product.id}`, name: 'admin-editar-produto' },
    { path: '/avise-me/confirmar', name: 'aviso-sem-token' },
  ]);

  await page.setContent(await newestMailTo(dataDir, adminEmail));
  await capture(page, 'email-encomenda');
} finally {
  await browser.close();
  server.kill('SIGTERM');
}

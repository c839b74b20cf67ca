// `npm run screens`: screenshots for a person to look at, not a test. Starts a fresh shop (e2e/serve.ts,
// on the built web app: run `npx vite build` first) and writes screens/<page>-<width>.png at phone and
// desktop widths. E2E_PORT picks the port (3100 otherwise).
import { spawn } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';

const root = resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const outDir = join(root, 'screens');
const widths = [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
];
const publicPages = [
  { path: '/login', name: 'login' },
  { path: '/register', name: 'register' },
  { path: '/produtos', name: 'produtos' },
  { path: '/produtos/1', name: 'produto' },
  { path: '/carrinho', name: 'carrinho-vazio' },
  { path: '/nao-existe', name: 'nao-encontrada' },
];
const adminPages = [
  { path: '/perfil', name: 'perfil' },
  { path: '/admin-dashboard', name: 'admin-dashboard' },
  { path: '/admin-dashboard?tab=encomendas', name: 'admin-encomendas' },
];

async function waitUntilReady(deadline = Date.now() + 120_000) {
  while (Date.now() < deadline) {
    const ready = await fetch(`${baseURL}/api/ready`).then((res) => res.ok, () => false);
    if (ready) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`the shop did not start on ${baseURL}`);
}

async function shoot(page: Page, pages: { path: string; name: string }[]) {
  for (const { path, name } of pages) {
    for (const viewport of widths) {
      await page.setViewportSize(viewport);
      await page.goto(`${baseURL}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      const file = join(outDir, `${name}-${viewport.width}.png`);
      await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
      console.log(file);
    }
  }
}

const server = spawn(process.execPath, ['e2e/serve.ts'], { cwd: root, env: { ...process.env, E2E_PORT: String(port) }, stdio: 'inherit' });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  await mkdir(outDir, { recursive: true });
  await waitUntilReady();
  const page = await browser.newPage({ locale: 'pt-PT', timezoneId: 'Europe/Lisbon' });
  await shoot(page, publicPages);
  const envFile = join(root, 'test-results', process.env.E2E_PORT ? `e2e-env-${port}.json` : 'e2e-env.json');
  const { adminEmail, adminPassword } = JSON.parse(await readFile(envFile, 'utf8')) as { adminEmail: string; adminPassword: string };
  const login = await page.request.post(`${baseURL}/api/auth/login`, { data: { email: adminEmail, password: adminPassword } });
  if (!login.ok()) throw new Error(`admin sign-in failed: ${login.status()}`);
  await shoot(page, adminPages);
} finally {
  await browser.close();
  server.kill('SIGTERM');
}

/**
 * `npm run check:html`: the W3C Nu HTML checker (vnu-jar, run with Java) on the shop's pages, as a crawler
 * gets them (the server's HTML of the public pages and of a 404) and as a shopper's browser ends up with them
 * (the hydrated DOM of the cart, the checkout and the back office). All pages go to vnu in one run; any error
 * fails with its page, line and message. Run with playwright.standards.config.ts (the journeys' shop, e2e/serve.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { admin, expect, loginAs, test } from '../fixtures.ts';
import { settle } from '../fixtures/accessibility.ts';
import { findProduct } from '../shop-helpers.ts';

const vnuJar = resolve(import.meta.dirname, '..', '..', 'node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar');

type VnuMessage = { type: string; url?: string; lastLine?: number; message: string; extract?: string };

/** The page's DOM once the app has taken over, with its doctype. */
async function hydrated(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<string> {
  await page.goto(path);
  await ready(page);
  await settle(page);
  return `<!DOCTYPE html>\n${await page.evaluate(() => document.documentElement.outerHTML)}`;
}

test('every page is valid HTML for the W3C Nu checker', async ({ page, request }) => {
  test.setTimeout(180_000);
  const pages = new Map<string, string>();
  const served = async (name: string, path: string, status = 200) => {
    const res = await request.get(path, { headers: { accept: 'text/html' } });
    expect(res.status(), `${path} answers ${status}`).toBe(status);
    pages.set(name, await res.text());
  };

  const product = await findProduct(request, 'Organizador de cabos (10 un.)');
  const services = (await (await request.get('/api/service')).json()) as { id: number }[];
  const service = services[0];
  if (!service) throw new Error('the demo shop has services');

  await served('home', '/');
  await served('produtos', '/produtos');
  await served('produto', `/produtos/${product.id}`);
  await served('servicos', '/servicos');
  await served('servico', `/servicos/${service.id}`);
  await served('contactos', '/contactos');
  await served('termos', '/termos-privacidade');
  await served('formulario-livre-resolucao', '/formulario-de-livre-resolucao');
  await served('404', '/produtos/999999', 404);

  await page.goto(`/produtos/${product.id}`);
  await page.getByRole('main').getByRole('button', { name: /^Adicionar.*carrinho/ }).first().click();
  await expect(page.getByRole('dialog', { name: 'Adicionado ao carrinho' })).toBeVisible();
  pages.set('carrinho (DOM)', await hydrated(page, '/carrinho', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()));
  pages.set('checkout (DOM)', await hydrated(page, '/checkout', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()));
  await loginAs(page, admin.email, admin.password);
  pages.set('backoffice (DOM)', await hydrated(page, '/admin-dashboard', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()));

  const dir = await mkdtemp(join(tmpdir(), 'loja-html-'));
  try {
    const files = new Map<string, string>();
    let n = 0;
    for (const [name, html] of pages) {
      const file = join(dir, `${String(++n).padStart(2, '0')}.html`);
      await writeFile(file, html);
      files.set(basename(file), name);
    }
    // vnu exits 1 when it finds errors; its JSON report is on stderr either way.
    const run = await promisify(execFile)('java', ['-jar', vnuJar, '--format', 'json', '--errors-only', ...[...files.keys()].map((f) => join(dir, f))], {
      maxBuffer: 16 * 1024 * 1024,
    }).catch((err: { stderr?: string; code?: number }) => {
      if (typeof err.stderr === 'string' && err.stderr.startsWith('{')) return { stderr: err.stderr };
      throw err;
    });
    const { messages } = JSON.parse(run.stderr) as { messages: VnuMessage[] };
    const pageOf = (m: VnuMessage) => files.get(basename(m.url ?? '')) ?? m.url;
    const errors = messages.filter((m) => m.type === 'error');
    const report = errors.map((m) => `${pageOf(m)} (linha ${m.lastLine ?? '?'}): ${m.message}${m.extract ? `\n    ${m.extract.replace(/\s+/g, ' ').trim()}` : ''}`);
    const perPage = [...files.values()].map((name) => `${name}: ${errors.filter((m) => pageOf(m) === name).length}`);
    console.log(`Nu HTML checker, erros por página: ${perPage.join(', ')}`);
    expect(report, `Nu HTML checker:\n${report.join('\n')}`).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

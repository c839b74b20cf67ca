// `npm run bench:web`: Lighthouse 13 (mobile preset, its default simulated throttling) in Debian's Chromium
// against the shop as `npm start` serves it (built web app, server render, embedded database with the demo
// catalogue, in a temporary DATA_DIR), three runs per page (the home page, the list, a product, the services, a
// collection, a filtered list); prints the median of each figure per page and fails when one is outside the
// budgets of issue #14. Then the first tap on a phone (bench/first-tap.ts, issue #32): `--first-tap` runs that part
// alone, `--only <path>` one page's Lighthouse runs. The home page's hero holds a photograph (bench/photographs.ts).
// Not part of `npm test`.
// Lighthouse comes from the npm registry through npx (lighthouse@13: 12 cannot trace this Chromium).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { firstTap, type TapPage } from './first-tap.ts';
import { photographTheHome } from './photographs.ts';

const root = resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const base = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The budgets: performance, accessibility, best practices and SEO scores (0-100), LCP and TBT in ms, CLS. */
const BUDGET = { performance: 95, accessibility: 100, bestPractices: 100, seo: 100, lcp: 2000, cls: 0.05, tbt: 150 };

type Figures = { performance: number; accessibility: number; bestPractices: number; seo: number; fcp: number; lcp: number; cls: number; tbt: number; bytes: number };

/** The bench shop's admin, who puts a photograph in the home page's hero (issue #32). */
const ADMIN = { email: 'bench@loja.local', password: 'bench-admin-password-1' };
const ADMIN_ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };

const dataDir = mkdtempSync(join(tmpdir(), 'loja-bench-web-'));
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: String(PORT), PUBLIC_URL: base, DATA_DIR: dataDir, DATABASE_URL: '', DEMO_CATALOGUE: 'true', LOG_LEVEL: 'warn', ...ADMIN_ENV },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};

async function waitUntilReady() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null) throw new Error(`the shop exited with ${server.exitCode}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the shop did not start in 5 minutes');
}

type Audit = { numericValue?: number };
type Report = { categories: Record<string, { score: number }>; audits: Record<string, Audit> };

function lighthouse(url: string, attempt = 1): Figures {
  const output = join(dataDir, 'report.json');
  const result = spawnSync(
    'npx',
    [
      '-y',
      'lighthouse@13',
      url,
      `--chrome-path=${CHROMIUM}`,
      '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
      '--only-categories=performance,accessibility,best-practices,seo',
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (result.status !== 0) {
    // Now and then Lighthouse cannot record the load's trace (NO_NAVSTART) and asks to be run again: once more.
    if (attempt < 2) return lighthouse(url, attempt + 1);
    throw new Error(`lighthouse failed on ${url} (${result.status})`);
  }
  const report = JSON.parse(readFileSync(output, 'utf8')) as Report;
  const score = (category: string) => Math.round((report.categories[category]?.score ?? 0) * 100);
  const value = (audit: string) => report.audits[audit]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbt: value('total-blocking-time'),
    bytes: value('total-byte-weight'),
  };
}

const FIRST_TAP_ONLY = process.argv.includes('--first-tap');

/**
 * A request after Lighthouse's runs: they block this process (spawnSync) for minutes, so the connection kept from
 * before is one the shop has closed meanwhile (its keep-alive ended) and the first write on it fails (EPIPE). Once
 * more, on a new connection.
 */
const fetchAgain = (url: string) => fetch(url).catch(() => fetch(url));

const html = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * The pages of the first tap, each with its buying button: a physical product without variants and in stock (a
 * tap puts it in the cart at once) that the home page and the list's first page both show, and its own page.
 */
async function tapPages(): Promise<TapPage[]> {
  type Row = { id: number; name: string; isDigital: boolean; hasVariants: boolean; stock: number };
  const { rows } = (await (await fetchAgain(`${base}/api/product?pageSize=100`)).json()) as { rows: Row[] };
  const shown = await Promise.all(['/', '/produtos'].map(async (path) => (await fetchAgain(`${base}${path}`)).text()));
  const label = (row: Row) => `Adicionar ${row.name} ao carrinho`;
  const chosen = rows.find((row) => !row.isDigital && !row.hasVariants && row.stock > 0 && shown.every((page) => page.includes(`aria-label="${html(label(row))}"`)));
  if (!chosen) throw new Error('no product without variants, in stock, is on both the home page and the list');
  const card = `main button[aria-label=${JSON.stringify(label(chosen))}]`;
  return [
    { path: '/produtos', button: card },
    { path: '/', button: card },
    { path: `/produtos/${chosen.id}`, button: '//main//button[normalize-space()="Adicionar ao Carrinho"]' },
  ];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

try {
  await waitUntilReady();
  await photographTheHome(base, ADMIN);
  const products = (await (await fetch(`${base}/api/product?pageSize=1`)).json()) as { rows: { id: number }[] };
  const productId = products.rows[0]?.id;
  if (productId === undefined) throw new Error('the demo catalogue has no product');
  const collections = (await (await fetch(`${base}/api/collection`)).json()) as { slug: string }[];
  const collection = collections[0]?.slug;
  if (collection === undefined) throw new Error('the demo catalogue has no collection');
  // Issue #30: a collection's page and a list narrowed by filters (price typed the Portuguese way, in stock) too.
  const pages = ['/', '/produtos', `/produtos/${productId}`, '/servicos', `/colecoes/${collection}`, '/produtos?precoMin=10&precoMax=20,5&disponivel=1'];
  // Warm the server's caches (and its lazy server render) as a shop that has been running would have them.
  for (const path of pages) await fetch(`${base}${path}`);
  if (FIRST_TAP_ONLY) {
    await firstTap(CHROMIUM, base, await tapPages(), RUNS);
  } else {
    // `--only /` measures one page (its Lighthouse runs and nothing else): a quick look at one change.
    const only = process.argv[process.argv.indexOf('--only') + 1];
    await lighthouseAndFirstTap(process.argv.includes('--only') && only ? [only] : pages, !process.argv.includes('--only'));
  }
} finally {
  stop();
}

/** Lighthouse on every page, then the first tap; fails when a page is outside the budgets. */
async function lighthouseAndFirstTap(pages: string[], withFirstTap: boolean) {
  const rows: { path: string; figures: Figures }[] = [];
  for (const path of pages) {
    const runs = Array.from({ length: RUNS }, () => lighthouse(`${base}${path}`));
    const figures = Object.fromEntries(Object.keys(runs[0] as Figures).map((key) => [key, median(runs.map((run) => run[key as keyof Figures]))])) as Figures;
    rows.push({ path, figures });
  }

  const failures: string[] = [];
  console.log(`\nLighthouse 13, mobile preset, median of ${RUNS} runs per page (budgets: performance ≥ ${BUDGET.performance}, LCP ≤ ${BUDGET.lcp} ms, CLS ≤ ${BUDGET.cls}, TBT ≤ ${BUDGET.tbt} ms, the others 100)`);
  console.log('| page | perf. | a11y | best pr. | SEO | FCP | LCP | CLS | TBT | bytes |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const { path, figures: f } of rows) {
    console.log(
      `| ${path} | ${f.performance} | ${f.accessibility} | ${f.bestPractices} | ${f.seo} | ${(f.fcp / 1000).toFixed(2)} s | ${(f.lcp / 1000).toFixed(2)} s | ${f.cls.toFixed(3)} | ${Math.round(f.tbt)} ms | ${Math.round(f.bytes / 1024)} KB |`,
    );
    if (f.performance < BUDGET.performance) failures.push(`${path}: performance ${f.performance}`);
    if (f.accessibility < BUDGET.accessibility) failures.push(`${path}: accessibility ${f.accessibility}`);
    if (f.bestPractices < BUDGET.bestPractices) failures.push(`${path}: best practices ${f.bestPractices}`);
    if (f.seo < BUDGET.seo) failures.push(`${path}: SEO ${f.seo}`);
    if (f.lcp > BUDGET.lcp) failures.push(`${path}: LCP ${Math.round(f.lcp)} ms`);
    if (f.cls > BUDGET.cls) failures.push(`${path}: CLS ${f.cls.toFixed(3)}`);
    if (f.tbt > BUDGET.tbt) failures.push(`${path}: TBT ${Math.round(f.tbt)} ms`);
  }
  if (withFirstTap) await firstTap(CHROMIUM, base, await tapPages(), RUNS);
  if (failures.length) {
    console.error(`\nOutside the budgets:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}

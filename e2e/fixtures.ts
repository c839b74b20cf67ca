/**
 * The browser-test harness every journey uses: `import { test, expect } from './fixtures.ts'`.
 *
 * - Every page a test visits is checked with axe-core against WCAG 2.2 AA. The app is a single-page
 *   app, so the check runs after every main-frame navigation (full loads and history changes alike)
 *   once the page has settled, and again at the end of the test. Any violation fails the test with
 *   a readable list. `expectAccessible(page)` checks on demand (after opening a modal, a tab...).
 * - Any console error or uncaught page error fails the test, except the "Failed to load resource"
 *   lines Chromium prints for intentional 4xx answers (the signed-out session probe, a wrong password).
 * - Helpers: `readMail` / `linkIn` read the mails the app writes as .eml files (no SMTP_URL),
 *   `uniqueEmail`, `loginAs`, `logout`, `e2eEnv`.
 */
import { readFileSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, type APIRequestContext, expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import PostalMime, { type Email } from 'postal-mime';

export { expect };

// ---------------------------------------------------------------------------------------------
// The environment e2e/serve.ts chose for this run.

/** The shop's address (playwright.config.ts `baseURL`); the mails' links point here too. */
export const baseURL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches exactly the shop's URL for `path` (e.g. '/login'), for `expect(page).toHaveURL(...)`. */
export const urlOf = (path: string) => new RegExp(`^${escapeRegExp(baseURL + path)}$`);
/** Matches the shop's URLs that start with `path`. */
export const urlStarting = (path: string) => new RegExp(`^${escapeRegExp(baseURL + path)}`);

export type E2eEnv = { dataDir: string; adminEmail: string; adminPassword: string; baseURL: string };

const envFile = resolve(
  import.meta.dirname,
  '..',
  'test-results',
  process.env.E2E_PORT ? `e2e-env-${Number(process.env.E2E_PORT)}.json` : 'e2e-env.json',
);
let cachedEnv: E2eEnv | undefined;

/** Reads test-results/e2e-env.json, written by e2e/serve.ts before the server starts. */
export function e2eEnv(): E2eEnv {
  cachedEnv ??= JSON.parse(readFileSync(envFile, 'utf8')) as E2eEnv;
  return cachedEnv;
}

export const admin = {
  get email() {
    return e2eEnv().adminEmail;
  },
  get password() {
    return e2eEnv().adminPassword;
  },
};

// ---------------------------------------------------------------------------------------------
// Accessibility.

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type Finding = { rule: string; impact: string; help: string; helpUrl: string; targets: string[]; url: string; summary: string };

async function runAxe(page: Page): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  const url = pathOf(results.url || page.url());
  return results.violations.flatMap((v) =>
    v.nodes.map((node) => ({
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      helpUrl: v.helpUrl,
      targets: node.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t))),
      url,
      summary: (node.failureSummary ?? '')
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .join(' / '),
    })),
  );
}

const pathOf = (url: string) => {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
};

function formatFindings(findings: Finding[]): string {
  const lines = findings.map(
    (f) => `  - [${f.impact}] ${f.rule} on ${f.url}: ${f.targets.join(', ')}\n      ${f.help} (${f.helpUrl})${f.summary ? `\n      ${f.summary}` : ''}`,
  );
  return `${findings.length} accessibility violation(s) (axe-core, WCAG 2.2 AA):\n${lines.join('\n')}`;
}

/** Waits until the network is quiet and the DOM has stopped changing (and no CSS transition runs). */
async function settle(page: Page, inflight?: () => number): Promise<void> {
  if (inflight) {
    const deadline = Date.now() + 5_000;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      if (inflight() > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= 250) break;
      await new Promise((r) => setTimeout(r, 50));
    }
  } else {
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  }
  await page.evaluate(
    ({ quietMs, maxMs }) =>
      new Promise<void>((done) => {
        const start = performance.now();
        let timer: ReturnType<typeof setTimeout>;
        const finish = () => {
          observer.disconnect();
          done();
        };
        const check = () => {
          const moving = document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running');
          if (moving && performance.now() - start < maxMs) timer = setTimeout(check, 50);
          else finish();
        };
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          if (performance.now() - start > maxMs) finish();
          else timer = setTimeout(check, quietMs);
        });
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        timer = setTimeout(check, quietMs);
      }),
    { quietMs: 200, maxMs: 3_000 },
  );
}

const harmless = (err: unknown) =>
  /Execution context was destroyed|Target page, context or browser has been closed|Target closed|navigation|frame was detached|Cannot find context/i.test(
    String(err),
  );

type Guard = {
  inflight(): number;
  /** Waits for the checks already started. */
  idle(): Promise<void>;
  findings: Finding[];
  problems: string[];
};

const guards = new WeakMap<Page, Guard>();

/** Attaches the console/page-error watch and the per-navigation axe check to a page. */
function guard(page: Page, ignoredConsoleErrors: RegExp[]): Guard {
  const findings: Finding[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  let requests = 0;
  let navigation = 0;
  let chain: Promise<void> = Promise.resolve();

  const record = (found: Finding[]) => {
    for (const f of found) {
      const key = `${f.rule}|${f.url}|${f.targets.join(',')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      findings.push(f);
    }
  };

  page.on('request', () => void requests++);
  page.on('requestfinished', () => void requests--);
  page.on('requestfailed', () => void requests--);

  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    // Chromium logs every 4xx answer like this; those are intentional (signed-out probe, wrong password, ...).
    if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
    if (ignoredConsoleErrors.some((re) => re.test(text))) return;
    const where = msg.location().url ? ` (${pathOf(msg.location().url)}:${msg.location().lineNumber})` : '';
    problems.push(`console error on ${pathOf(page.url())}: ${text}${where}`);
  });
  page.on('pageerror', (err) => {
    problems.push(`uncaught error on ${pathOf(page.url())}: ${err.stack ?? err.message}`);
  });

  const g: Guard = {
    inflight: () => Math.max(0, requests),
    idle: async () => {
      let current: Promise<void>;
      do {
        current = chain;
        await current;
      } while (current !== chain);
    },
    findings,
    problems,
  };

  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const mine = ++navigation;
    chain = chain.then(async () => {
      if (mine !== navigation || page.isClosed()) return; // a later navigation will be checked instead
      try {
        await settle(page, g.inflight);
        if (mine !== navigation || page.isClosed()) return;
        if (page.url().startsWith('about:')) return;
        record(await runAxe(page));
      } catch (err) {
        if (page.isClosed() || mine !== navigation || harmless(err)) return;
        problems.push(`axe could not check ${pathOf(page.url())}: ${String(err)}`);
      }
    });
  });

  guards.set(page, g);
  return g;
}

/** Runs axe-core now (after the page settles) and fails on any WCAG 2.2 AA violation. */
export async function expectAccessible(page: Page, label?: string): Promise<void> {
  await base.step(`axe: ${label ?? pathOf(page.url())}`, async () => {
    const g = guards.get(page);
    await g?.idle();
    await settle(page, g?.inflight);
    const found = await runAxe(page);
    if (found.length) throw new Error(formatFindings(found));
  });
}

async function finishGuard(page: Page, g: Guard, testInfo: TestInfo) {
  if (!page.isClosed()) {
    await g.idle();
    try {
      if (!page.url().startsWith('about:')) {
        await settle(page, g.inflight);
        const found = await runAxe(page);
        for (const f of found) {
          if (!g.findings.some((x) => x.rule === f.rule && x.url === f.url && x.targets.join() === f.targets.join())) g.findings.push(f);
        }
      }
    } catch (err) {
      if (!harmless(err)) g.problems.push(`axe could not check ${pathOf(page.url())} at the end of the test: ${String(err)}`);
    }
  }
  const messages: string[] = [];
  if (g.findings.length) {
    await testInfo.attach('axe-violations.json', { body: JSON.stringify(g.findings, null, 2), contentType: 'application/json' });
    messages.push(formatFindings(g.findings));
  }
  if (g.problems.length) messages.push(`${g.problems.length} page error(s):\n${g.problems.map((p) => `  - ${p}`).join('\n')}`);
  if (messages.length) throw new Error(messages.join('\n\n'));
}

type Options = {
  /** Console errors matching one of these do not fail the test (use sparingly, with a reason). */
  ignoredConsoleErrors: RegExp[];
};

type Fixtures = {
  /**
   * Opens a page in a browser context of its own (a second person, with a session of their own, beside
   * `page`), watched like `page`: axe after every navigation, no console errors. Closed at the end of the test.
   */
  openPage: () => Promise<Page>;
};

export const test = base.extend<Options & Fixtures>({
  ignoredConsoleErrors: [[], { option: true }],
  page: async ({ page, ignoredConsoleErrors }, use, testInfo) => {
    const g = guard(page, ignoredConsoleErrors);
    await use(page);
    await finishGuard(page, g, testInfo);
  },
  openPage: async ({ browser, ignoredConsoleErrors }, use, testInfo) => {
    const opened: { page: Page; guard: Guard }[] = [];
    await use(async () => {
      // browser.newContext() inside a test takes the config's `use` options (baseURL, locale, viewport...).
      const context = await browser.newContext();
      const page = await context.newPage();
      opened.push({ page, guard: guard(page, ignoredConsoleErrors) });
      return page;
    });
    const failures: unknown[] = [];
    for (const { page, guard: g } of opened) {
      await finishGuard(page, g, testInfo).catch((err: unknown) => failures.push(err));
      await page.context().close();
    }
    if (failures.length) throw failures[0];
  },
});

// ---------------------------------------------------------------------------------------------
// Mail.

export type Mail = Email & { file: string; receivedAt: number };

// Keyed by name, size and time: the app writes a file in place, so a poll can catch one half written.
const parsedMail = new Map<string, Email>();

async function parseMail(file: string, size: number, mtimeMs: number): Promise<Email> {
  const key = `${file}|${size}|${mtimeMs}`;
  let mail = parsedMail.get(key);
  if (!mail) {
    mail = await PostalMime.parse(await readFile(file));
    parsedMail.set(key, mail);
  }
  return mail;
}

/**
 * Waits for the newest mail the app wrote to `to` (DATA_DIR/mail/*.eml), optionally with a subject
 * containing `subjectIncludes` and written at or after `since` (ms since epoch).
 */
export async function readMail(
  to: string,
  subjectIncludes?: string,
  options: { since?: number; timeout?: number } = {},
): Promise<Mail> {
  const dir = join(e2eEnv().dataDir, 'mail');
  const deadline = Date.now() + (options.timeout ?? 15_000);
  const wanted = to.toLowerCase();
  for (;;) {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort().reverse();
    for (const name of names) {
      const file = join(dir, name);
      const info = await stat(file).catch(() => undefined);
      if (!info) continue;
      if (options.since !== undefined && info.mtimeMs < options.since - 1_000) continue;
      // Still being written: look again at the next poll.
      if (Date.now() - info.mtimeMs < 150) continue;
      const mail = await parseMail(file, info.size, info.mtimeMs);
      const recipients = (mail.to ?? []).flatMap((a) => ('group' in a && a.group ? a.group : [a])).map((a) => (a.address ?? '').toLowerCase());
      if (!recipients.includes(wanted)) continue;
      if (subjectIncludes && !(mail.subject ?? '').includes(subjectIncludes)) continue;
      return { ...mail, file, receivedAt: info.mtimeMs };
    }
    if (Date.now() > deadline) {
      const recent = await Promise.all(
        names.slice(0, 10).map(async (name) => {
          const mail = await PostalMime.parse(await readFile(join(dir, name)));
          return `  ${name}: to ${(mail.to ?? []).map((a) => a.address).join(', ')}, "${mail.subject ?? ''}"`;
        }),
      );
      throw new Error(
        `No mail to ${to}${subjectIncludes ? ` with subject containing "${subjectIncludes}"` : ''} in ${dir}; newest mails:\n${recent.join('\n') || '  (none)'}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first http(s) link in the mail's plain text (the call to action). */
export function linkIn(mail: Pick<Email, 'text' | 'html'>): string {
  const match = (mail.text ?? '').match(/https?:\/\/[^\s<>"')]+/) ?? (mail.html ?? '').match(/https?:\/\/[^\s<>"')]+/);
  if (!match) throw new Error('The mail has no link');
  return match[0].replace(/&amp;/g, '&');
}

// ---------------------------------------------------------------------------------------------
// Accounts.

let counter = 0;

/** An address no other test (or earlier run) has used, at the reserved .test domain. */
export function uniqueEmail(prefix = 'cliente'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}@loja.test`.toLowerCase();
}

export const randomSuffix = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 6)}`;

/** Fills the login form (going to /login first unless already there) and presses "Entrar". */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  if (new URL(page.url(), 'http://x').pathname !== '/login') await page.goto('/login');
  const main = page.getByRole('main');
  await main.getByLabel('Email', { exact: true }).fill(email);
  await main.getByLabel('Palavra-passe', { exact: true }).fill(password);
  await main.getByRole('button', { name: 'Entrar', exact: true }).click();
}

/** Logs in through the login page and waits until the app has left it (it moves on after ~3 s). */
export async function loginAs(page: Page, email: string, password: string): Promise<void> {
  await submitLogin(page, email, password);
  await expect(page).not.toHaveURL(/\/login(\?|$)/, { timeout: 10_000 });
  await expect(page.locator('#account-menu')).toBeAttached();
}

/**
 * Signs in through the API (the browser context keeps the session cookie) and opens the home page signed
 * in: for journeys about something else, without the login page's 3-second pause. The login page
 * itself is exercised by `loginAs` in the account journeys.
 */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto('/');
  await expect(page.locator('#account-menu')).toBeAttached();
}

/** The header's collapsible part (what the "Abrir menu" toggle shows and hides). */
export const collapsedMenu = (page: Page): Locator => page.locator('.navbar .navbar-collapse').first();

/** Opens the collapsed header menu ("Abrir menu") on narrow screens; does nothing when the header is expanded. */
async function openCollapsedMenu(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Abrir menu' });
  if (!(await toggle.isVisible())) return;
  const menu = collapsedMenu(page);
  if (await menu.isVisible()) return;
  await toggle.click();
  await expect(menu).toBeVisible();
}

/** Opens the signed-in account menu in the header (through the collapsed menu on a phone). */
export async function openAccountMenu(page: Page): Promise<Locator> {
  await openCollapsedMenu(page);
  const toggle = page.locator('#account-menu');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return page.locator('#account-menu + .dropdown-menu, [aria-labelledby="account-menu"]').first();
}

/** Opens the account menu and chooses "Sair"; waits for the "Login" link. */
export async function logout(page: Page): Promise<void> {
  const menu = await openAccountMenu(page);
  await menu.getByRole('button', { name: 'Sair', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeAttached();
}

export type Account = { username: string; email: string; password: string };

/**
 * A verified customer account made through the public API (register, then the link from the mail),
 * for journeys that are not about registration.
 */
export async function registerVerifiedUser(request: APIRequestContext, account: Partial<Account> = {}): Promise<Account> {
  const suffix = randomSuffix();
  const user = {
    username: account.username ?? `Cliente ${suffix}`,
    email: account.email ?? uniqueEmail('cliente'),
    password: account.password ?? `segredo-${suffix}`,
  };
  const since = Date.now();
  const registered = await request.post('/api/auth/register', { data: user });
  expect(registered.status(), await registered.text()).toBe(201);
  const token = new URL(linkIn(await readMail(user.email, 'Confirme o seu email', { since }))).searchParams.get('token');
  expect(token, 'verification link without a token').toBeTruthy();
  const verified = await request.get('/api/auth/verify', { params: { token: token ?? '' } });
  expect(verified.status(), await verified.text()).toBe(200);
  return user;
}

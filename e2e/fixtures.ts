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
import { test as base, expect, type Page } from '@playwright/test';
import { finishGuard, type Guard, guard } from './fixtures/page-guard.ts';

export { expect };
export { admin, baseURL, e2eEnv, escapeRegExp, patience, urlOf, urlStarting } from './fixtures/env.ts';
export { expectAccessible } from './fixtures/page-guard.ts';
export { countMails, linkIn, readMail } from './fixtures/mail.ts';
export * from './fixtures/accounts.ts';

type Options = {
  /** Console errors matching one of these do not fail the test (use sparingly, with a reason). */
  ignoredConsoleErrors: RegExp[];
  /**
   * `page.goto` and `page.reload` resolve once the app has taken the page over (`html[data-app=ready]`): a
   * server-rendered page's buttons are forms the server answers until then (decision 0056), and a journey that
   * tests the app's own behaviour (the drawer) must not tap before it. Off for the journeys of the page before it.
   */
  waitForApp: boolean;
};

/** Makes `goto` and `reload` wait for the app on an HTML page (not on a file or an API answer). */
function waitingForApp(page: Page) {
  const ready = async <R extends Awaited<ReturnType<Page['goto']>>>(response: R): Promise<R> => {
    if (response?.headers()['content-type']?.startsWith('text/html')) await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => ready(await goto(...args));
  page.reload = async (...args) => ready(await reload(...args));
}

type Fixtures = {
  /**
   * Opens a page in a browser context of its own (a second person, with a session of their own, beside
   * `page`), watched like `page`: axe after every navigation, no console errors. Closed at the end of the test.
   */
  openPage: () => Promise<Page>;
};

export const test = base.extend<Options & Fixtures>({
  ignoredConsoleErrors: [[], { option: true }],
  waitForApp: [true, { option: true }],
  page: async ({ page, ignoredConsoleErrors, waitForApp }, use, testInfo) => {
    if (waitForApp) waitingForApp(page);
    const g = guard(page, ignoredConsoleErrors);
    await use(page);
    await finishGuard(page, g, testInfo);
  },
  openPage: async ({ browser, ignoredConsoleErrors, waitForApp }, use, testInfo) => {
    const opened: { page: Page; guard: Guard }[] = [];
    await use(async () => {
      // browser.newContext() inside a test takes the config's `use` options (baseURL, locale, viewport...).
      const context = await browser.newContext();
      const page = await context.newPage();
      if (waitForApp) waitingForApp(page);
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

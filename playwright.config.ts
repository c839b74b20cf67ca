import { defineConfig } from '@playwright/test';

/**
 * Browser journeys against the real server (built web app + API) on a throwaway data directory and
 * database, see e2e/serve.ts. Build the web app first: `npx vite build && npm run test:e2e`.
 */
// E2E_PORT lets a second checkout run its journeys beside this one; 3100 otherwise.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/artifacts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: 'pt-PT',
    timezoneId: 'Europe/Lisbon',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    // Every journey at desktop size; the phone-only smoke journeys (tag @mobile) run in 'mobile'.
    { name: 'desktop', grepInvert: /@mobile/, use: { viewport: { width: 1280, height: 800 } } },
    { name: 'mobile', grep: /@mobile/, use: { viewport: { width: 375, height: 740 }, isMobile: false } },
  ],
  webServer: {
    command: 'node e2e/serve.ts',
    url: `${baseURL}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});

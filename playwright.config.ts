import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { patience, shopPort } from './e2e/fixtures/env.ts';

type WebServer = Exclude<PlaywrightTestConfig['webServer'], unknown[] | undefined>;

/**
 * Browser journeys against the real server (built web app + API) on a throwaway data directory and
 * database, see e2e/serve.ts. Build the web app first: `npm run build && npm run test:e2e`.
 *
 * E2E_WORKERS workers (2 by default), each with a shop of its own: worker i (TEST_PARALLEL_INDEX) drives the
 * shop on port E2E_PORT + 10 i (3100, 3110 by default), so a journey sees only what its own file and the
 * files before it on that worker left in the shop. A file runs whole on one worker, in order. Change the
 * number of workers with E2E_WORKERS, not `--workers` (which would leave a worker without a shop).
 */
// E2E_PORT lets a second checkout run its journeys beside this one; set here so the workers read the same.
process.env.E2E_PORT = String(shopPort(0));
const workers = Number(process.env.E2E_WORKERS ?? 2);
if (!Number.isInteger(workers) || workers < 1) throw new Error(`E2E_WORKERS must be a whole number from 1 up, not ${process.env.E2E_WORKERS}`);
const ports = Array.from({ length: workers }, (_, index) => shopPort(index));

/**
 * The shops on `ports`, started side by side by one process (e2e/serve-shops.ts): the entries of a webServer
 * array would start one after the other, each waiting for the one before to answer.
 */
export function shopsServer(shops: number[], timeout = 120_000): WebServer {
  return {
    name: `loja:${shops.join(',')}`,
    command: 'node e2e/serve-shops.ts',
    env: { E2E_PORTS: shops.join(',') },
    wait: { stdout: /e2e: every shop answers/ },
    reuseExistingServer: false,
    timeout,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  };
}

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/artifacts',
  workers,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: 'list',
  timeout: patience(60_000),
  expect: { timeout: patience(10_000) },
  use: {
    // Each worker loads this file again with its TEST_PARALLEL_INDEX set: its own shop (e2e/fixtures/env.ts too).
    baseURL: `http://127.0.0.1:${shopPort(Number(process.env.TEST_PARALLEL_INDEX ?? 0))}`,
    locale: 'pt-PT',
    timezoneId: 'Europe/Lisbon',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: patience(15_000),
    navigationTimeout: patience(30_000),
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
  webServer: shopsServer(ports),
});

import { defineConfig } from '@playwright/test';
import { shopPort } from './e2e/fixtures/env.ts';
import journeys, { shopsServer } from './playwright.config.ts';

/**
 * The standards checks by tools nobody here wrote, against the journeys' shop (e2e/serve.ts): `npm run check:html`
 * runs e2e/standards/*.check.ts (the W3C Nu HTML checker). Build first (`npm run build`).
 */
export default defineConfig({
  ...journeys,
  testDir: 'e2e/standards',
  testMatch: '*.check.ts',
  projects: [{ name: 'desktop', use: { viewport: { width: 1280, height: 800 } } }],
  // One check file, so one worker and one shop (the journeys' config starts one per worker: a second shop
  // would migrate and fill a demo catalogue nobody visits). A loaded machine can take over two minutes to
  // migrate and fill the demo shop.
  workers: 1,
  webServer: shopsServer([shopPort(0)], 300_000),
});

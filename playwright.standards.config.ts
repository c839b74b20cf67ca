import { defineConfig } from '@playwright/test';
import journeys from './playwright.config.ts';

/**
 * The standards checks by tools nobody here wrote, against the journeys' shop (e2e/serve.ts): `npm run check:html`
 * runs e2e/standards/*.check.ts (the W3C Nu HTML checker). Build first (`npm run build`).
 */
export default defineConfig({
  ...journeys,
  testDir: 'e2e/standards',
  testMatch: '*.check.ts',
  projects: [{ name: 'desktop', use: { viewport: { width: 1280, height: 800 } } }],
  // A loaded machine can take over two minutes to migrate and fill the demo shop.
  ...(journeys.webServer && !Array.isArray(journeys.webServer) ? { webServer: { ...journeys.webServer, timeout: 300_000 } } : {}),
});

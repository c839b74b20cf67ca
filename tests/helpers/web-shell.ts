import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp, type App } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/client.ts';
import { render } from '../../src/web/entry-server.tsx';
import { testDatabase } from './database.ts';

export const SITE = 'https://loja.example.pt';
/** A built web app's index.html (src/web/index.html: no title of its own, each page brings it), as small as the head tags need. */
export const SHELL = '<!doctype html>\n<html lang="pt-PT">\n  <head>\n    <meta charset="UTF-8" />\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';

/** A real shop's gateway settings (never called here): no sandbox notice in its pages. */
const PRODUCTION_PAYMENTS = {
  PAYMENT_GATEWAY: 'ifthenpay',
  IFTHENPAY_MB_KEY: 'AAA-000000',
  IFTHENPAY_MBWAY_KEY: 'BBB-000000',
  PAYMENT_CALLBACK_KEY: 'chave-anti-phishing-de-teste',
};

/** Rendered from the sources, a page's first render also compiles its modules: more than production's 3 s on a busy machine. */
const RENDER_TIMEOUT_MS = '30000';

type ShellApp = { app: App; database: Database; webDist: string; shellFile: string };

/**
 * The app serving a built web app (a folder holding its index.html) at a public https address, as in
 * production: what crawlers and link previews see, the storefront's pages rendered on the server (from the
 * sources, as the build's dist/ssr would). A database of its own, for the test file.
 */
export function useShellApp(env: Record<string, string> = {}): ShellApp {
  const webDist = mkdtempSync(join(tmpdir(), 'loja-shell-web-'));
  const shell = { webDist, shellFile: join(webDist, 'index.html') } as ShellApp;
  beforeAll(async () => {
    writeFileSync(shell.shellFile, SHELL);
    shell.database = await testDatabase();
    const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: join(webDist, 'data'), PUBLIC_URL: SITE, MAIL_TRANSPORT: 'files', ...PRODUCTION_PAYMENTS, PAGE_RENDER_TIMEOUT_MS: RENDER_TIMEOUT_MS, ...env }), webDist };
    shell.app = await buildApp({ config, database: shell.database, logger: false, renderer: render });
    await shell.app.ready();
  });
  afterAll(async () => {
    await shell.app.close();
    await shell.database.close();
  });
  return shell;
}

/** A metadata call's schema.org description, once the answer is one: 200, sent as application/ld+json. */
export function structuredData(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/ld+json');
  return res.json();
}

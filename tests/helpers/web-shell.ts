import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/client.ts';
import { testDatabase } from './database.ts';

export const SITE = 'https://loja.example.pt';
/** A built web app's index.html, as small as the head tags need. */
export const SHELL = '<!doctype html>\n<html lang="pt-PT">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Loja</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';

/** A real shop's gateway settings (never called here): no sandbox notice in its pages. */
const PRODUCTION_PAYMENTS = {
  PAYMENT_GATEWAY: 'ifthenpay',
  IFTHENPAY_MB_KEY: 'AAA-000000',
  IFTHENPAY_MBWAY_KEY: 'BBB-000000',
  PAYMENT_CALLBACK_KEY: 'chave-anti-phishing-de-teste',
};

type ShellApp = { app: App; database: Database; webDist: string; shellFile: string };

/**
 * The app serving a built web app (a folder holding its index.html) at a public https address, as in
 * production: what crawlers and link previews see. A database of its own, for the test file.
 */
export function useShellApp(env: Record<string, string> = {}): ShellApp {
  const webDist = mkdtempSync(join(tmpdir(), 'loja-shell-web-'));
  const shell = { webDist, shellFile: join(webDist, 'index.html') } as ShellApp;
  beforeAll(async () => {
    writeFileSync(shell.shellFile, SHELL);
    shell.database = await testDatabase();
    const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: join(webDist, 'data'), PUBLIC_URL: SITE, MAIL_TRANSPORT: 'files', ...PRODUCTION_PAYMENTS, ...env }), webDist };
    shell.app = await buildApp({ config, database: shell.database, logger: false });
    await shell.app.ready();
  });
  afterAll(async () => {
    await shell.app.close();
    await shell.database.close();
  });
  return shell;
}

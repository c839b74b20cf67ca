import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(join(tmpdir(), 'loja-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts the real server (src/server/main.ts) with only these variables; the configuration is read before anything opens. */
function start(env: Record<string, string>) {
  return spawnSync(process.execPath, ['src/server/main.ts'], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 90_000,
  });
}

describe('a public shop that cannot send e-mail does not open (issue #31)', { timeout: 120_000 }, () => {
  it('stops at start with an https PUBLIC_URL and no SMTP_URL, naming the variable', () => {
    const run = start({ PUBLIC_URL: 'https://loja.example.pt', PAYMENT_GATEWAY: 'sandbox' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('PUBLIC_URL is https but SMTP_URL is not set');
    expect(run.stderr).toContain('MAIL_TRANSPORT=files');
  });

  it('names MAIL_TRANSPORT when its value is not one it knows', () => {
    const run = start({ PUBLIC_URL: 'https://loja.example.pt', PAYMENT_GATEWAY: 'sandbox', MAIL_TRANSPORT: 'ficheiros' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('MAIL_TRANSPORT must be smtp or files');
  });
});

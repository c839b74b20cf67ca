import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('the payment gateway at start', () => {
  it('runs a fresh local shop on the sandbox, with a callback key made at start', () => {
    const first = loadConfig({});
    const second = loadConfig({});
    expect(first.payments.gateway).toBe('sandbox');
    expect(first.payments.callbackKey).toMatch(/^[\w-]{32}$/);
    expect(second.payments.callbackKey).not.toBe(first.payments.callbackKey);
  });

  it('refuses to start a public (https) shop on the sandbox unless told so', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://loja.example.pt' })).toThrow(ConfigError);
    expect(() => loadConfig({ PUBLIC_URL: 'https://loja.example.pt' })).toThrow(/PAYMENT_GATEWAY/);
    expect(loadConfig({ PUBLIC_URL: 'https://loja.example.pt', PAYMENT_GATEWAY: 'sandbox', SMTP_URL: 'smtp://mail.example.pt:587' }).payments.gateway).toBe('sandbox');
  });

  it('keeps a callback key that is given', () => {
    expect(loadConfig({ PAYMENT_CALLBACK_KEY: 'uma-chave-anti-phishing' }).payments.callbackKey).toBe('uma-chave-anti-phishing');
  });

  it("shows only the social pages the owner set, never a network's home page, and names the example details (issue #12)", () => {
    const shipped = loadConfig({ NODE_ENV: 'test' }).shop;
    expect(shipped.social).toEqual([]);
    expect(shipped.examples.map((x) => x.label)).toEqual(['nome legal', 'NIF', 'morada', 'telefone']);
    const set = loadConfig({
      NODE_ENV: 'test',
      SHOP_INSTAGRAM_URL: 'https://www.instagram.com/arruma.lisboa',
      SHOP_FACEBOOK_URL: 'https://www.facebook.com/',
      SHOP_NIF: '509999999',
    }).shop;
    expect(set.social).toEqual([{ name: 'Instagram', url: 'https://www.instagram.com/arruma.lisboa' }]);
    expect(set.examples.map((x) => x.setting)).not.toContain('SHOP_NIF');
  });
});

describe('invoicing at start', () => {
  it('issues no documents unless told, and InvoiceXpress needs its account and key', () => {
    expect(loadConfig({}).invoicing).toEqual({ provider: 'none' });
    expect(() => loadConfig({ INVOICING: 'invoicexpress' })).toThrow(/INVOICEXPRESS_ACCOUNT and INVOICEXPRESS_API_KEY/);
    expect(() => loadConfig({ INVOICING: 'moloni' })).toThrow(/INVOICING must be none or invoicexpress/);
    expect(loadConfig({ INVOICING: 'invoicexpress', INVOICEXPRESS_ACCOUNT: 'arrumacoes', INVOICEXPRESS_API_KEY: 'k' }).invoicing).toEqual({
      provider: 'invoicexpress',
      baseUrl: 'https://arrumacoes.app.invoicexpress.com',
      apiKey: 'k',
      taxName: 'IVA23',
      taxNames: { 23: 'IVA23' },
    });
    const named = loadConfig({ INVOICING: 'invoicexpress', INVOICEXPRESS_ACCOUNT: 'arrumacoes', INVOICEXPRESS_API_KEY: 'k', INVOICEXPRESS_TAX_NAME: 'IVA normal' });
    expect(named.invoicing).toMatchObject({ taxName: 'IVA normal', taxNames: { 23: 'IVA normal' } });
    // The other rates' taxes by name (decision 0053); a rate not named is IVA<rate>.
    const rates = loadConfig({ INVOICING: 'invoicexpress', INVOICEXPRESS_ACCOUNT: 'arrumacoes', INVOICEXPRESS_API_KEY: 'k', INVOICEXPRESS_TAX_NAMES: '13=IVA13, 6=IVA6,0=Isento' });
    expect(rates.invoicing).toMatchObject({ taxNames: { 23: 'IVA23', 13: 'IVA13', 6: 'IVA6', 0: 'Isento' } });
    expect(() => loadConfig({ INVOICING: 'invoicexpress', INVOICEXPRESS_ACCOUNT: 'a', INVOICEXPRESS_API_KEY: 'k', INVOICEXPRESS_TAX_NAMES: 'IVA13' })).toThrow(/INVOICEXPRESS_TAX_NAMES must read like/);
  });
});

describe('the mail transport at start (issue #31)', () => {
  const publicShop = { PUBLIC_URL: 'https://loja.example.pt', PAYMENT_GATEWAY: 'sandbox' };

  it('refuses to start a public (https) shop without SMTP_URL, naming the variable', () => {
    expect(() => loadConfig(publicShop)).toThrow(ConfigError);
    expect(() => loadConfig(publicShop)).toThrow(/PUBLIC_URL is https but SMTP_URL is not set/);
    expect(() => loadConfig({ ...publicShop, SMTP_URL: '  ' })).toThrow(/SMTP_URL is not set/);
  });

  it('sends through SMTP when it is set, and writes files only when told so on purpose', () => {
    const smtp = loadConfig({ ...publicShop, SMTP_URL: 'smtp://mail.example.pt:587' });
    expect(smtp.ops.mailTransport).toBe('smtp');
    expect(smtp.smtpUrl).toBe('smtp://mail.example.pt:587');
    const files = loadConfig({ ...publicShop, MAIL_TRANSPORT: 'files' });
    expect(files.ops.mailTransport).toBe('files');
    expect(files.smtpUrl).toBeUndefined();
    // Files on purpose win over an SMTP_URL left in the environment.
    expect(loadConfig({ ...publicShop, MAIL_TRANSPORT: 'files', SMTP_URL: 'smtp://mail.example.pt:587' }).smtpUrl).toBeUndefined();
  });

  it('keeps the local demonstration on http://localhost writing files, and refuses smtp without its address', () => {
    const demo = loadConfig({});
    expect(demo.publicUrl).toBe('http://localhost:3000');
    expect(demo.ops.mailTransport).toBe('files');
    expect(demo.smtpUrl).toBeUndefined();
    expect(() => loadConfig({ MAIL_TRANSPORT: 'smtp' })).toThrow(/MAIL_TRANSPORT=smtp needs SMTP_URL/);
    expect(() => loadConfig({ MAIL_TRANSPORT: 'pombo' })).toThrow(/MAIL_TRANSPORT must be smtp or files/);
  });
});

describe('metrics, alerts and backups at start (issue #31)', () => {
  it('reads the metrics token, the operations address and the backup folder, 14 days kept by default', () => {
    const ops = loadConfig({ METRICS_TOKEN: 'um-token-com-dezasseis', OPS_EMAIL: 'ops@example.pt', BACKUP_DIR: '/var/backups/loja' }).ops;
    expect(ops).toMatchObject({ metricsToken: 'um-token-com-dezasseis', opsEmail: 'ops@example.pt', backup: { dir: '/var/backups/loja', keepDays: 14 } });
    expect(loadConfig({}).ops).toMatchObject({ metricsToken: undefined, opsEmail: undefined, backup: undefined });
    expect(loadConfig({ BACKUP_DIR: '/b', BACKUP_KEEP_DAYS: '3' }).ops.backup?.keepDays).toBe(3);
    expect(() => loadConfig({ METRICS_TOKEN: 'curto' })).toThrow(/METRICS_TOKEN must have at least 16 characters/);
    expect(() => loadConfig({ BACKUP_KEEP_DAYS: '0' })).toThrow(/BACKUP_KEEP_DAYS must be at least 1/);
    expect(() => loadConfig({ OPS_EMAIL: 'ninguem' })).toThrow(/OPS_EMAIL must be an e-mail address/);
  });
});

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
    expect(loadConfig({ PUBLIC_URL: 'https://loja.example.pt', PAYMENT_GATEWAY: 'sandbox' }).payments.gateway).toBe('sandbox');
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
    });
    const named = loadConfig({ INVOICING: 'invoicexpress', INVOICEXPRESS_ACCOUNT: 'arrumacoes', INVOICEXPRESS_API_KEY: 'k', INVOICEXPRESS_TAX_NAME: 'IVA normal' });
    expect(named.invoicing).toMatchObject({ taxName: 'IVA normal' });
  });
});

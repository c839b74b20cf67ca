import { describe, expect, it } from 'vitest';
import { followablePdfUrl } from './pdf-link.ts';

const ACCOUNT = ['https://loja-exemplo.app.invoicexpress.com'];

describe('followablePdfUrl', () => {
  it("follows an https address on the account's own host", () => {
    expect(followablePdfUrl('https://loja-exemplo.app.invoicexpress.com/documents/1001.pdf?token=abc', ACCOUNT)).toBe(
      'https://loja-exemplo.app.invoicexpress.com/documents/1001.pdf?token=abc',
    );
  });

  it('refuses every other scheme, host, credentials and control characters', () => {
    for (const address of [
      'javascript:alert(document.cookie)',
      'JAVASCRIPT://loja-exemplo.app.invoicexpress.com/%0Aalert(1)',
      'data:application/pdf;base64,JVBERi0=',
      'http://loja-exemplo.app.invoicexpress.com/documents/1001.pdf',
      'https://evil.example/documents/1001.pdf',
      'https://loja-exemplo.app.invoicexpress.com.evil.example/1001.pdf',
      'https://outra-conta.app.invoicexpress.com/documents/1001.pdf',
      'https://loja-exemplo.app.invoicexpress.com:8443/documents/1001.pdf',
      'https://user:pass@loja-exemplo.app.invoicexpress.com/1001.pdf',
      'https://loja-exemplo.app.invoicexpress.com/1001.pdf\r\nSet-Cookie: loja_session=x',
      'https://loja-exemplo.app.invoicexpress.com/1001 .pdf',
      '//evil.example/1001.pdf',
      '/documents/1001.pdf',
      '',
    ]) {
      expect(followablePdfUrl(address, ACCOUNT), address).toBeNull();
    }
  });

  it('follows http only on an http origin configured as such (the tests\' stand-in on loopback)', () => {
    expect(followablePdfUrl('http://127.0.0.1:4010/documents/7.pdf', ['http://127.0.0.1:4010'])).toBe('http://127.0.0.1:4010/documents/7.pdf');
    expect(followablePdfUrl('http://127.0.0.1:4011/documents/7.pdf', ['http://127.0.0.1:4010'])).toBeNull();
  });
});

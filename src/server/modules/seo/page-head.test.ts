import { describe, expect, it } from 'vitest';
import type { Product } from '#shared/schemas/catalog.ts';
import { productAnswer } from '../../../../tests/helpers/answers.ts';
import { productPageId } from './app-shell.ts';
import { escapeMarkup } from '../../platform/html.ts';
import { jsonForScript, metaDescription, productHeadTags, withHeadTags } from './page-head.ts';

const SITE = 'https://loja.example.pt';

const product = (overrides: Partial<Product> = {}) => productAnswer({ images: [], ...overrides });

describe('product page head', () => {
  it('escapes HTML and keeps JSON-LD from closing its script', () => {
    expect(escapeMarkup(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
    const json = jsonForScript({ name: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>' });
  });

  it('cuts the description near 155 characters at a word, whitespace collapsed', () => {
    expect(metaDescription('  Uma   caixa\n\nbonita. ')).toBe('Uma caixa bonita.');
    const long = metaDescription('palavra '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(155);
    expect(long).toMatch(/ palavra…$/);
  });

  it('replaces the shell title and goes before </head>; a $ pattern in a name stays text', () => {
    const shell = '<!doctype html><html><head><title>Loja</title><meta name="description" content="A loja"></head><body></body></html>';
    const html = withHeadTags(shell, productHeadTags(product({ name: 'Preço $& $1' }), SITE));
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<title>Preço $&amp; $1 | Loja</title>');
    expect(html.indexOf('application/ld+json')).toBeLessThan(html.indexOf('</head>'));
  });

  it('uses a plain summary card without an image', () => {
    const tags = productHeadTags(product(), SITE);
    expect(tags).toContain('<meta name="twitter:card" content="summary" />');
    expect(tags).not.toContain('og:image');
  });

  it('recognises product page addresses only', () => {
    expect(productPageId('/produtos/12')).toBe(12);
    expect(productPageId('/produtos/12/?utm_source=x')).toBe(12);
    expect(productPageId('/produtos/0')).toBeUndefined();
    expect(productPageId('/produtos/99999999999')).toBeUndefined();
    expect(productPageId('/produtos/abc')).toBeUndefined();
    expect(productPageId('/produtos-digitais')).toBeUndefined();
    expect(productPageId('/produtos/12/extra')).toBeUndefined();
  });
});

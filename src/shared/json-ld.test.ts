import { describe, expect, it } from 'vitest';
import { productAnswer } from '../../tests/helpers/answers.ts';
import { productJsonLd } from './json-ld.ts';

const SITE = 'https://loja.example.pt';
const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';

const product = productAnswer;

const variant = (id: number, price: number, stock: number, sku: string | null = `SKU-${id}`) => ({ id, name: `Variante ${id}`, price, stock, sku });

describe('productJsonLd', () => {
  it('describes a simple product with one Offer: price text, euros, stock, canonical URL, the shop as brand and seller', () => {
    expect(productJsonLd(product(), SITE)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Caixa organizadora',
      description: 'Caixa em cartão forrado.',
      url: `${SITE}/produtos/7`,
      image: [`${SITE}/api/images/1/abcdef012345/1000.webp`],
      brand: { '@type': 'Brand', name: 'Loja' },
      offers: {
        '@type': 'Offer',
        price: '12.90',
        priceCurrency: 'EUR',
        availability: IN_STOCK,
        url: `${SITE}/produtos/7`,
        seller: { '@type': 'Organization', name: 'Loja', url: SITE },
      },
    });
  });

  it('is out of stock without units, but a digital product never is', () => {
    expect(productJsonLd(product({ stock: 0 }), SITE).offers.availability).toBe(OUT_OF_STOCK);
    expect(productJsonLd(product({ stock: 0, isDigital: true }), SITE).offers.availability).toBe(IN_STOCK);
  });

  it('sums variants up in an AggregateOffer with one Offer per variant', () => {
    const ld = productJsonLd(product({ hasVariants: true, price: 9.5, variants: [variant(1, 12, 0), variant(2, 9.5, 4), variant(3, 21.9, 1, null)] }), SITE);
    expect(ld.sku).toBeUndefined();
    expect(ld.offers).toMatchObject({
      '@type': 'AggregateOffer',
      lowPrice: '9.50',
      highPrice: '21.90',
      priceCurrency: 'EUR',
      offerCount: 3,
      availability: IN_STOCK,
    });
    const offers = 'offers' in ld.offers ? ld.offers.offers : [];
    expect(offers.map((o) => [o.name, o.sku, o.price, o.availability])).toEqual([
      ['Variante 1', 'SKU-1', '12.00', OUT_OF_STOCK],
      ['Variante 2', 'SKU-2', '9.50', IN_STOCK],
      ['Variante 3', undefined, '21.90', IN_STOCK],
    ]);
  });

  it('is out of stock when every variant is, and names the SKU of a single variant', () => {
    const ld = productJsonLd(product({ hasVariants: true, variants: [variant(1, 5, 0)] }), SITE);
    expect(ld.sku).toBe('SKU-1');
    expect(ld.offers.availability).toBe(OUT_OF_STOCK);
  });

  it('never carries the digital access link, even when handed the admin view', () => {
    const ld = productJsonLd(product({ isDigital: true, link: 'https://loja.example.pt/downloads/segredo.pdf' }), SITE);
    expect(JSON.stringify(ld)).not.toContain('segredo');
  });
});

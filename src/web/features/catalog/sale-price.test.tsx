// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatEuros } from '#shared/money.ts';
import type { Product } from '#shared/schemas/catalog.ts';
import { fakeApi, productFactory, renderCatalog, variantFactory } from './catalog-test-utils.tsx';
import { saleOf } from './sale-price.tsx';

// A sale as the shop shows it (decision 0048; DL 70/2007, art. 5.º): the price charged, the price before struck
// through (heard as «Preço antes da promoção») and the lowest price of the 30 days before the reduction.

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The text as the testing library reads it (the non-breaking space before € becomes a space). */
const euros = (value: number) => formatEuros(value).replace(/\s/g, ' ');
const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s/g, ' ');

const lamp = productFactory({ id: 4, name: 'Candeeiro de latão', price: 12, regular_price: 17.5, sale_price: 12, lowest_price_30d: 16, sale_ends_at: '2026-12-31' });
const box = productFactory({ id: 5, name: 'Caixa de cartão', price: 8, regular_price: 8, sale_price: null, lowest_price_30d: null });
const basket = productFactory({
  id: 6,
  name: 'Cesto de vime',
  hasVariants: true,
  price: 9,
  regular_price: 15,
  sale_price: 9,
  lowest_price_30d: 9,
  variants: [
    variantFactory({ id: 61, name: 'Grande', price: 9, regular_price: 15, sale_price: 9, lowest_price_30d: 9, stock: 2 }),
    variantFactory({ id: 62, name: 'Pequeno', price: 10, regular_price: 10, sale_price: null, lowest_price_30d: null, stock: 3 }),
  ],
});

const cardOf = (name: string) => {
  const item = screen.getByRole('heading', { level: 2, name }).closest('li');
  if (!item) throw new Error(`no card for ${name}`);
  return item;
};
const struck = (within: Element) => within.querySelector('s');

describe('saleOf', () => {
  it('is the regular price and the lowest of 30 days while a sale applies, null otherwise', () => {
    expect(saleOf(lamp)).toEqual({ regular: 17.5, lowest: 16 });
    expect(saleOf(box)).toBeNull();
    expect(saleOf({ sale_price: 12 })).toBeNull();
    expect(saleOf({ sale_price: 12, regular_price: 15 })).toEqual({ regular: 15, lowest: null });
  });
});

describe('a sale on the product card', () => {
  it('shows the sale price, the struck regular price with its spoken label and the 30-day line; a card without a sale shows neither', async () => {
    fakeApi(null, ({ path }) => (path === '/product' ? { status: 200, body: { rows: [lamp, box], count: 2 } } : undefined));
    renderCatalog('/produtos');
    await screen.findByRole('heading', { level: 2, name: 'Candeeiro de latão' });
    const onSale = cardOf('Candeeiro de latão');
    expect(text(onSale.querySelector('.product-card-price'))).toBe(euros(12));
    expect(text(struck(onSale))).toBe(`Preço antes da promoção: ${euros(17.5)}`);
    expect(within(struck(onSale) as HTMLElement).getByText('Preço antes da promoção:', { exact: false }).className).toBe('visually-hidden');
    expect(within(onSale).getByText(`Preço mais baixo nos últimos 30 dias: ${euros(16)}`)).toBeTruthy();

    const regular = cardOf('Caixa de cartão');
    expect(text(regular.querySelector('.product-card-price'))).toBe(euros(8));
    expect(struck(regular)).toBeNull();
    expect(within(regular).queryByText(/Preço mais baixo nos últimos 30 dias/)).toBeNull();
  });
});

describe('a sale on the product page', () => {
  const serve = (product: Product) => fakeApi(null, ({ path }) => (path === `/product/${product.id}` ? { status: 200, body: product } : undefined));

  it("shows the chosen variant's sale, and none for a variant without one", async () => {
    serve(basket);
    renderCatalog('/produtos/6');
    await screen.findByRole('heading', { level: 1, name: 'Cesto de vime' });
    const price = () => screen.getByRole('group', { name: 'Comprar Cesto de vime' }).querySelector('p.fs-3');
    expect(text(price())).toBe(`${euros(9)}Preço antes da promoção: ${euros(15)}Preço mais baixo nos últimos 30 dias: ${euros(9)}`);
    expect(text(struck(price()!))).toBe(`Preço antes da promoção: ${euros(15)}`);

    fireEvent.change(screen.getByLabelText('Variante'), { target: { value: '62' } });
    expect(text(price())).toBe(euros(10));
    expect(struck(price()!)).toBeNull();
    expect(screen.queryByText(/Preço mais baixo nos últimos 30 dias/)).toBeNull();
  });

  it('shows no struck price and no 30-day line without a sale', async () => {
    serve(box);
    renderCatalog('/produtos/5');
    await screen.findByRole('heading', { level: 1, name: 'Caixa de cartão' });
    expect(screen.queryByText(/Preço antes da promoção/)).toBeNull();
    expect(screen.queryByText(/Preço mais baixo nos últimos 30 dias/)).toBeNull();
    expect(document.querySelector('s')).toBeNull();
  });
});

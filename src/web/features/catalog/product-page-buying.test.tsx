// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatEuros } from '#shared/money.ts';
import type { Product } from '#shared/schemas/catalog.ts';
import { CART_KEY } from '../cart/cart-store.ts';
import { type FakeCall, fakeApi, productFactory, renderCatalog, shopDetailsFactory, variantFactory } from './catalog-test-utils.tsx';
import { relatedProducts } from './related-products.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.documentElement.classList.remove('has-sticky-buy');
});

const euros = (value: number) => formatEuros(value).replace(/\s/g, ' ');
const stored = () => JSON.parse(localStorage.getItem(CART_KEY) ?? '[]') as { id: string; quantity: number }[];

/** The product and, for the list of its kind, `list`. */
const serve = (product: Product, list: Product[] = []) =>
  fakeApi(null, ({ path, query }) => {
    if (path === `/product/${product.id}`) return { status: 200, body: product };
    // The shop's details (the footer's): the returns promise says the owner's withdrawal period.
    if (path === '/shop') return { status: 200, body: shopDetailsFactory({ withdrawalDays: 30 }) };
    if (path === '/product' && query.get('isDigital') === String(product.isDigital)) return { status: 200, body: { rows: list, count: list.length } };
    return undefined;
  });

/** IntersectionObserver as the test says: `see(false, above)` tells every observer its element has left the screen. */
function fakeObserver() {
  const observers: { callback: IntersectionObserverCallback; elements: Element[] }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private entry: { callback: IntersectionObserverCallback; elements: Element[] };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, elements: [] };
        observers.push(this.entry);
      }
      observe(element: Element) {
        this.entry.elements.push(element);
      }
      disconnect() {
        observers.splice(observers.indexOf(this.entry), 1);
      }
    },
  );
  return (element: Element, visible: boolean) =>
    act(() => {
      for (const { callback, elements } of [...observers]) {
        if (!elements.includes(element)) continue;
        const entry = { isIntersecting: visible, boundingClientRect: { top: -80, bottom: -20 }, rootBounds: { top: 0 }, target: element };
        callback([entry as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
      }
    });
}

describe('delivery and returns beside the buttons', () => {
  it('a physical product: delivery in the checkout words, free shipping from the shipping rule, 30 days for returns', async () => {
    serve(productFactory({ id: 3 }));
    renderCatalog('/produtos/3');
    await screen.findByRole('heading', { level: 1 });
    for (const note of [
      'Preparação em 2 a 7 dias úteis e entrega em 2 dias úteis (continente)',
      `Portes grátis em compras a partir de ${euros(70)}`,
      '30 dias para devoluções',
    ])
      expect(await screen.findByText((_, element) => element?.tagName === 'LI' && element.textContent?.replace(/\s/g, ' ') === note)).toBeTruthy();
    expect(screen.queryByText(/acesso chega por email/)).toBeNull();
  });

  it('a digital product: the access arrives by e-mail once paid, no delivery', async () => {
    serve(productFactory({ id: 4, isDigital: true, stock: 0 }));
    renderCatalog('/produtos/4');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('O acesso chega por email assim que o pagamento for confirmado')).toBeTruthy();
    expect(screen.queryByText(/devoluções|Portes grátis/)).toBeNull();
  });

  it('a product without the right of withdrawal says so, with the law\'s reason, and promises no returns (issue #28)', async () => {
    serve(productFactory({ id: 5, withdrawalExemption: 'personalised' }));
    renderCatalog('/produtos/5');
    await screen.findByRole('heading', { level: 1 });
    const note = await screen.findByText((_, element) => element?.tagName === 'LI' && /^Sem direito de livre resolução: bem feito segundo as especificações do cliente/.test(element.textContent ?? ''));
    expect(note.textContent).toContain('(Decreto-Lei n.º 24/2014, art. 17.º)');
    expect(screen.queryByText(/dias para devoluções/)).toBeNull();
  });
});

/** A screen that matches max-width queries (a phone) or not, and `resize(phone)` to change it as a window would. */
function screenOf(phone: boolean) {
  const lists: { query: string; listeners: (() => void)[] }[] = [];
  let matches = phone;
  vi.stubGlobal('matchMedia', (query: string) => {
    const list = { query, listeners: [] as (() => void)[] };
    lists.push(list);
    return {
      media: query,
      get matches() {
        return matches && /max-width/.test(query);
      },
      addEventListener: (_: string, listener: () => void) => list.listeners.push(listener),
      removeEventListener: (_: string, listener: () => void) => list.listeners.splice(list.listeners.indexOf(listener), 1),
    };
  });
  return (nowPhone: boolean) =>
    act(() => {
      matches = nowPhone;
      for (const list of lists) for (const listener of [...list.listeners]) listener();
    });
}

describe('sticky add-to-cart bar (phones)', () => {
  const agenda = productFactory({
    id: 8,
    name: 'Agenda 2026',
    hasVariants: true,
    price: 15,
    variants: [variantFactory({ id: 21, name: 'A5', price: 15, stock: 4, sku: 'AG-A5' }), variantFactory({ id: 22, name: 'A4', price: 19.9, stock: 2, sku: 'AG-A4' })],
  });

  it('appears once the add button has scrolled away, with the chosen variant, adds it, and goes when the button is back', async () => {
    const see = fakeObserver();
    screenOf(true);
    serve(agenda);
    renderCatalog('/produtos/8');
    await screen.findByRole('heading', { level: 1, name: 'Agenda 2026' });
    const main = screen.getByRole('button', { name: 'Adicionar ao Carrinho' });
    expect(screen.queryByRole('region', { name: 'Compra rápida' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Variante'), { target: { value: '22' } });
    see(main, false);
    const bar = within(await screen.findByRole('region', { name: 'Compra rápida' }));
    expect(bar.getByText('Agenda 2026')).toBeTruthy();
    expect(bar.getByText(euros(19.9))).toBeTruthy();
    // The page keeps room for it at the bottom, so it never hides what has focus.
    // (Set by the bar's effect, which may run a moment after the bar is on screen.)
    await waitFor(() => expect(document.documentElement.classList.contains('has-sticky-buy')).toBe(true));

    fireEvent.click(bar.getByRole('button', { name: 'Adicionar ao Carrinho' }));
    expect(stored()).toEqual([expect.objectContaining({ id: 'AG-A4', quantity: 1 })]);

    see(main, true);
    expect(screen.queryByRole('region', { name: 'Compra rápida' })).toBeNull();
    expect(document.documentElement.classList.contains('has-sticky-buy')).toBe(false);
  });

  it('is not followed on a screen of 768 px or more, and is once the window narrows to a phone', async () => {
    const see = fakeObserver();
    const resize = screenOf(false);
    serve(agenda);
    renderCatalog('/produtos/8');
    await screen.findByRole('heading', { level: 1, name: 'Agenda 2026' });
    const main = screen.getByRole('button', { name: 'Adicionar ao Carrinho' });
    see(main, false);
    expect(screen.queryByRole('region', { name: 'Compra rápida' })).toBeNull();
    expect(document.documentElement.classList.contains('has-sticky-buy')).toBe(false);

    resize(true);
    see(main, false);
    expect(await screen.findByRole('region', { name: 'Compra rápida' })).toBeTruthy();
    resize(false);
    expect(screen.queryByRole('region', { name: 'Compra rápida' })).toBeNull();
  });

  it('is never there for a product out of stock', async () => {
    fakeObserver();
    screenOf(true);
    serve(productFactory({ id: 3, stock: 0 }));
    renderCatalog('/produtos/3');
    await screen.findByText('Fora de stock');
    expect(screen.queryByRole('region', { name: 'Compra rápida' })).toBeNull();
  });
});

describe('related products', () => {
  const kind = (id: number, price: number, isDigital = false) => productFactory({ id, name: `Produto ${id}`, price, isDigital });

  it('keeps four others nearest in price, in price order', () => {
    const list = [kind(1, 5), kind(2, 9), kind(3, 10), kind(4, 11), kind(5, 12), kind(6, 30), kind(7, 40)];
    expect(relatedProducts({ id: 3, price: 10 }, list).map((p) => p.id)).toEqual([1, 2, 4, 5]);
    expect(relatedProducts({ id: 9, price: 100 }, list).map((p) => p.id)).toEqual([4, 5, 6, 7]);
    expect(relatedProducts({ id: 1, price: 5 }, [kind(1, 5)])).toEqual([]);
    // Nothing out of stock is suggested.
    const soldOut = productFactory({ id: 8, price: 10, stock: 0 });
    expect(relatedProducts({ id: 3, price: 10 }, [soldOut, ...list]).map((p) => p.id)).not.toContain(8);
  });

  it('shows up to four cards of the same kind under «Também pode gostar», linking to them', async () => {
    const product = kind(3, 10, true);
    const calls: FakeCall[] = serve(product, [kind(1, 5, true), product, kind(2, 9, true), kind(4, 11, true), kind(5, 12, true), kind(6, 30, true)]);
    renderCatalog('/produtos/3');
    const section = within((await screen.findByRole('heading', { level: 2, name: 'Também pode gostar' })).closest('section') as HTMLElement);
    const names = section.getAllByRole('listitem').map((card) => within(card).getByRole('heading').textContent);
    expect(names).toEqual(['Produto 1', 'Produto 2', 'Produto 4', 'Produto 5']);
    expect(section.getByRole('link', { name: 'Ver Detalhes de Produto 4' }).getAttribute('href')).toBe('/produtos/4');
    // The product list's own first page: the answer the list has cached.
    const list = calls.find((call) => call.path === '/product');
    expect(Object.fromEntries(list?.query ?? [])).toMatchObject({ isDigital: 'true', sortBy: 'price', order: 'asc', page: '1' });
  });

  it('shows nothing when the product is the only one of its kind', async () => {
    const product = kind(3, 10);
    serve(product, [product]);
    renderCatalog('/produtos/3');
    await screen.findByRole('heading', { level: 1 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('heading', { name: 'Também pode gostar' })).toBeNull();
  });
});

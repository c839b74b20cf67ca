// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product, Variant } from '#shared/schemas/catalog.ts';
import { useCartCount } from '../../layout/use-cart-count.ts';
import {
  addItem,
  CART_EVENT,
  CART_KEY,
  type CartAdded,
  type CartItem,
  cartItemId,
  cartTotal,
  clearCart,
  followServerCart,
  type NewCartItem,
  readCart,
  removeItem,
  setQuantity,
  subscribeCartAdded,
  toCartItem,
  useCart,
} from './cart-store.ts';

const caneca: NewCartItem = {
  id: '7',
  productId: 7,
  name: 'Caneca',
  price: 12.5,
  image: '/media/caneca.webp',
  isDigital: false,
  variant: null,
};
const ebook: NewCartItem = { id: '9', productId: 9, name: 'Ebook', price: 4.99, image: null, isDigital: true, variant: null };

const stored = () => JSON.parse(localStorage.getItem(CART_KEY) ?? 'null') as unknown;

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

describe('line ids', () => {
  const product = { id: 3, name: 'Agenda', price: 10, isDigital: false, images: [] } satisfies Pick<
    Product,
    'id' | 'name' | 'price' | 'isDigital' | 'images'
  >;
  const variant = (overrides: Partial<Variant>): Variant => ({ id: 11, name: 'A5', price: 15, stock: 2, sku: null, ...overrides });

  it('is the variant sku when there is one', () => {
    expect(cartItemId(3, variant({ sku: 'AG-A5' }))).toBe('AG-A5');
  });

  it('is the product id as text without a variant', () => {
    expect(cartItemId(3)).toBe('3');
    expect(cartItemId(3, null)).toBe('3');
  });

  it('keeps two variants without sku apart', () => {
    expect(cartItemId(3, variant({ id: 11 }))).toBe('3-11');
    expect(cartItemId(3, variant({ id: 12 }))).toBe('3-12');
  });

  it('builds the stored line from a product and its variant', () => {
    const image = { id: 1, src: '/m/a.webp', srcset: '/m/a.webp 400w', thumbnail: '/m/a-t.webp', width: 400, height: 300 };
    expect(toCartItem({ ...product, images: [image] }, variant({ sku: 'AG-A5' }))).toEqual({
      id: 'AG-A5',
      productId: 3,
      name: 'Agenda',
      price: 15,
      image: '/m/a.webp',
      isDigital: false,
      variant: { id: 11, name: 'A5' },
    });
    expect(toCartItem(product)).toEqual({ id: '3', productId: 3, name: 'Agenda', price: 10, image: null, isDigital: false, variant: null });
  });

  it('announces the price before the sale of a product or variant sold at a sale price, and does not store it', () => {
    expect(toCartItem({ ...product, price: 8, regular_price: 10, sale_price: 8 })).toMatchObject({ price: 8, regularPrice: 10 });
    expect(toCartItem(product, variant({ price: 12, regular_price: 15, sale_price: 12 }))).toMatchObject({ price: 12, regularPrice: 15 });
    // No sale applies now: nothing to strike.
    expect(toCartItem({ ...product, regular_price: 10, sale_price: null })).not.toHaveProperty('regularPrice');
    const heard: CartAdded[] = [];
    const stop = subscribeCartAdded((added) => heard.push(added));
    addItem(toCartItem({ ...product, price: 8, regular_price: 10, sale_price: 8 }), 2);
    stop();
    expect(heard).toEqual([{ id: '3', quantity: 2, regularPrice: 10 }]);
    expect(readCart()[0]).not.toHaveProperty('regularPrice');
  });
});

describe('reading the stored cart', () => {
  it('is empty when nothing is stored', () => {
    expect(readCart()).toEqual([]);
  });

  it('is empty when the stored value is unreadable', () => {
    localStorage.setItem(CART_KEY, '{not json');
    expect(readCart()).toEqual([]);
    localStorage.setItem(CART_KEY, '{"id":1}');
    expect(readCart()).toEqual([]);
    localStorage.setItem(CART_KEY, 'null');
    expect(readCart()).toEqual([]);
  });

  it('leaves out lines that cannot be cart lines', () => {
    const good: CartItem = { ...caneca, quantity: 2 };
    localStorage.setItem(CART_KEY, JSON.stringify([good, { id: 'x' }, { ...good, id: '8', quantity: -1 }, 'texto']));
    expect(readCart()).toEqual([good]);
  });

  it('returns the same array while the stored value is unchanged', () => {
    addItem(caneca, 1);
    expect(readCart()).toBe(readCart());
  });
});

describe('adding', () => {
  it('appends a new line with the exact stored shape', () => {
    addItem(caneca, 2);
    expect(stored()).toEqual([
      { id: '7', productId: 7, name: 'Caneca', price: 12.5, image: '/media/caneca.webp', quantity: 2, isDigital: false, variant: null },
    ]);
  });

  it('adds to the quantity of a line with the same id', () => {
    addItem(caneca, 2);
    addItem(ebook, 1);
    addItem(caneca, 3);
    expect(readCart().map((i) => [i.id, i.quantity])).toEqual([
      ['7', 5],
      ['9', 1],
    ]);
  });

  it('holds one copy of a digital product, however many are asked for (issue #25)', () => {
    addItem(ebook, 3);
    addItem(ebook, 1);
    expect(readCart().map((i) => [i.id, i.quantity])).toEqual([['9', 1]]);
  });

  it('keeps two variants of one product on two lines', () => {
    addItem({ ...caneca, id: '7-1', variant: { id: 1, name: 'Azul' } }, 1);
    addItem({ ...caneca, id: '7-2', variant: { id: 2, name: 'Verde' } }, 1);
    expect(readCart()).toHaveLength(2);
  });

  it('adds one unit by default and ignores a quantity below 1', () => {
    addItem(caneca);
    addItem(caneca, 0);
    addItem(caneca, Number.NaN);
    expect(readCart()[0]?.quantity).toBe(1);
  });
});

describe('announcing adds (the cart drawer listens)', () => {
  it('announces each add with the line id and the units added, after the cart is saved', () => {
    const heard: [string, number, number][] = [];
    const stop = subscribeCartAdded((added) => heard.push([added.id, added.quantity, readCart().find((l) => l.id === added.id)?.quantity ?? 0]));
    addItem(caneca, 2);
    addItem(caneca, 3);
    stop();
    addItem(caneca, 1);
    expect(heard).toEqual([
      ['7', 2, 2],
      ['7', 3, 5],
    ]);
  });

  it('announces the units the line really took when it reaches its limit of 99, and nothing once there', () => {
    addItem(caneca, 97);
    const heard: number[] = [];
    const stop = subscribeCartAdded((added) => heard.push(added.quantity));
    addItem(caneca, 5);
    addItem(caneca, 1);
    stop();
    expect(heard).toEqual([2]);
    expect(readCart()[0]?.quantity).toBe(99);
  });

  it('never grows a line past the stock the page showed: 4 in stock, four adds of 2 keep 4 and announce 2 then 2', () => {
    const heard: number[] = [];
    const stop = subscribeCartAdded((added) => heard.push(added.quantity));
    for (let add = 0; add < 4; add++) addItem(caneca, 2, 4);
    stop();
    expect(heard).toEqual([2, 2]);
    expect(readCart()[0]?.quantity).toBe(4);
  });

  it('announces nothing for a quantity below 1, a quantity change or a removal', () => {
    addItem(caneca, 1);
    const onAdded = vi.fn();
    const stop = subscribeCartAdded(onAdded);
    addItem(caneca, 0);
    setQuantity('7', 4);
    removeItem('7');
    stop();
    expect(onAdded).not.toHaveBeenCalled();
  });
});

describe('changing quantities', () => {
  it('sets the quantity of a line', () => {
    addItem(caneca, 1);
    setQuantity('7', 4);
    expect(readCart()[0]?.quantity).toBe(4);
  });

  it('removes the line for a quantity of 0 or less', () => {
    addItem(caneca, 1);
    addItem(ebook, 1);
    setQuantity('7', 0);
    expect(readCart().map((i) => i.id)).toEqual(['9']);
    setQuantity('9', -2);
    expect(readCart()).toEqual([]);
  });

  it('changes nothing for a quantity that is not a number or an unknown line', () => {
    addItem(caneca, 3);
    setQuantity('7', Number.NaN);
    setQuantity('nada', 2);
    expect(readCart()).toEqual([{ ...caneca, quantity: 3 }]);
  });

  it('removes a line', () => {
    addItem(caneca, 1);
    addItem(ebook, 1);
    removeItem('9');
    expect(readCart().map((i) => i.id)).toEqual(['7']);
  });
});

describe('clearing', () => {
  it('empties the cart and removes the stored copy', () => {
    addItem(caneca, 1);
    clearCart();
    expect(localStorage.getItem(CART_KEY)).toBeNull();
    expect(readCart()).toEqual([]);
  });
});

describe('total', () => {
  it('is the sum of price times quantity, rounded to the cent', () => {
    expect(cartTotal([])).toBe(0);
    expect(cartTotal([{ price: 12.5, quantity: 2 }, { price: 4.99, quantity: 3 }])).toBe(39.97);
    expect(cartTotal([{ price: 0.1, quantity: 1 }, { price: 0.2, quantity: 1 }])).toBe(0.3);
  });
});

describe('change notices', () => {
  it('dispatches an event in this tab after each change', () => {
    const listener = vi.fn();
    window.addEventListener(CART_EVENT, listener);
    addItem(caneca, 1);
    setQuantity('7', 2);
    removeItem('7');
    clearCart();
    window.removeEventListener(CART_EVENT, listener);
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it('keeps useCart and the header count in step with this tab', () => {
    const cart = renderHook(() => useCart());
    const count = renderHook(() => useCartCount());
    expect(cart.result.current).toEqual([]);
    expect(count.result.current).toBe(0);
    act(() => addItem(caneca, 2));
    act(() => addItem(ebook, 1));
    expect(cart.result.current.map((i) => i.id)).toEqual(['7', '9']);
    expect(count.result.current).toBe(3);
  });

  it('follows changes made in another tab (storage event)', () => {
    const cart = renderHook(() => useCart());
    act(() => {
      localStorage.setItem(CART_KEY, JSON.stringify([{ ...ebook, quantity: 4 }]));
      window.dispatchEvent(new StorageEvent('storage', { key: CART_KEY }));
    });
    expect(cart.result.current).toEqual([{ ...ebook, quantity: 4 }]);
  });
});

describe("the server's copy: the cart cookie (decision 0056)", () => {
  const cookie = () => /(?:^|; )cart=([^;]*)/.exec(document.cookie)?.[1] ?? null;
  const setCookie = (value: string) => (document.cookie = `cart=${value}; Path=/`);
  beforeEach(() => (document.cookie = 'cart=; Path=/; Max-Age=0'));

  it('is written with every change: product, variant (0 for none) and quantity of each line', () => {
    addItem(caneca, 2);
    addItem({ ...caneca, id: 'AG-AZUL', productId: 8, name: 'Agenda', variant: { id: 31, name: 'Azul' } });
    expect(cookie()).toBe('7.0.2_8.31.1');
    setQuantity('7', 5);
    expect(cookie()).toBe('7.0.5_8.31.1');
    removeItem('AG-AZUL');
    expect(cookie()).toBe('7.0.5');
    // An emptied cart says so (an empty value), so the app never writes back a line a form removed.
    clearCart();
    expect(cookie()).toBe('');
  });

  it('replaces the stored cart with the lines of a cookie a form changed, asking for them once', async () => {
    addItem(caneca, 1);
    setCookie('7.0.1_9.0.1');
    const linesOf = vi.fn(async () => [
      { ...caneca, quantity: 1 },
      { ...ebook, quantity: 1 },
    ]);
    await followServerCart(linesOf);
    expect(linesOf).toHaveBeenCalledWith('7.0.1_9.0.1');
    expect(readCart().map((line) => [line.id, line.quantity])).toEqual([
      ['7', 1],
      ['9', 1],
    ]);
    // In step now: nothing more to ask.
    await followServerCart(linesOf);
    expect(linesOf).toHaveBeenCalledTimes(1);
  });

  it('writes the cookie of a cart stored before there was one, and leaves a cart changed meanwhile as it is', async () => {
    localStorage.setItem(CART_KEY, JSON.stringify([{ ...caneca, quantity: 3 }]));
    const linesOf = vi.fn(async () => []);
    await followServerCart(linesOf);
    expect(cookie()).toBe('7.0.3');
    expect(linesOf).not.toHaveBeenCalled();

    setCookie('9.0.1');
    const slow = followServerCart(async () => {
      // Another add lands while the server's lines are on their way.
      addItem(caneca, 1);
      return [{ ...ebook, quantity: 1 }];
    });
    await slow;
    expect(readCart().map((line) => [line.id, line.quantity])).toEqual([['7', 4]]);
  });
});

// Test helpers for the cart, checkout and payment screens (not a test file itself): their factories, error
// answers, the routes with stand-ins for the pages they link to, and readers of the totals shown.
import { cleanup } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { formatEuros, toCents } from '#shared/money.ts';
import { orderTotals } from '#shared/orders.ts';
import { type CartTotalsAnswer, totalsInEuros } from '#shared/schemas/orders.ts';
import { type Answer, type Entry, renderRoutes as renderWith, standIn } from '../../test/harness.tsx';
import { cartItem } from '../../test/factories.ts';
import { CART_KEY, type CartItem } from './cart-store.ts';
import { dismissCartChanges } from './cart-totals.ts';

export { type Answer, type FakeCall, fakeApi, userFactory } from '../../test/harness.tsx';
export { cartItem, placedOrderFactory as orderFactory, shopDetailsFactory } from '../../test/factories.ts';


/**
 * Each test of the cart and checkout screens starts with no cart, no checkout draft and no notice of the cart's
 * changes (they live in storage and module state, which outlast a test), and leaves no screen or stubbed fetch.
 */
export function resetCartScreensBetweenTests() {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    dismissCartChanges();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

export const storeCart = (items: CartItem[]) => localStorage.setItem(CART_KEY, JSON.stringify(items));
export const storedCart = () => JSON.parse(localStorage.getItem(CART_KEY) ?? 'null') as CartItem[] | null;

/** The totals the server would answer for these lines at these prices (the shared rule). */
export function totalsFor(items: TotalsLine[]): CartTotalsAnswer {
  return {
    ...totalsInEuros(orderTotals(items.map((i) => ({ unitPriceCents: toCents(i.price), quantity: i.quantity, isDigital: i.isDigital })))),
    lines: items.map((i) => ({
      product_id: i.productId,
      variant_id: i.variant?.id ?? null,
      price: i.price,
      // Plenty unless told: a digital product never runs out.
      stock: i.stock !== undefined ? i.stock : i.isDigital ? null : 99,
    })),
  };
}

/** A line of the answer: a cart line, with the stock the server has of it when it matters. */
type TotalsLine = Pick<CartItem, 'productId' | 'price' | 'quantity' | 'isDigital'> & { variant?: { id: number } | null; stock?: number | null };


export const errorAnswer = (status: number, message: string, extra: Record<string, unknown> = {}): Answer => ({
  status,
  body: { message, error: message, code: status === 409 ? 'CONFLICT' : status === 400 ? 'INVALID_INPUT' : 'ERROR', ...extra },
});

/** Renders `routes` (plus simple stand-ins for the pages they link to) at `initialEntry`. */
export const renderRoutes = (routes: RouteObject[], initialEntry: Entry) =>
  renderWith([...routes, standIn('/', 'Página inicial'), standIn('/produtos', 'Lista de produtos'), standIn('*', 'Outra página')], initialEntry);

/** The value shown next to a label of a totals list (dt/dd), inside `container`. */
export function shownValue(container: HTMLElement, label: string): string | undefined {
  const term = [...container.querySelectorAll('dt')].find((dt) => dt.textContent === label);
  return term?.nextElementSibling?.textContent?.replace(/\s/g, ' ');
}

/** formatEuros with ordinary spaces, as the DOM text is compared. */
export const spaced = (text: string) => text.replace(/\s/g, ' ');

/** An amount as the screen writes it, spaces plain: '25,00 €'. */
export const euros = (value: number) => spaced(formatEuros(value));

/** The basket of most cart and checkout tests: two boxes and a diary in its A5 variant. */
export const caixa = cartItem({ id: '1', productId: 1, name: 'Caixa organizadora', price: 12.5, quantity: 2 });
export const agenda = cartItem({ id: 'AG-A5', productId: 8, name: 'Agenda 2026', price: 15, quantity: 1, image: null, variant: { id: 21, name: 'A5' } });

// Test helpers for the cart, checkout and payment screens (not a test file itself): their factories, error
// answers, the routes with stand-ins for the pages they link to, and readers of the totals shown.
import type { RouteObject } from 'react-router';
import { toEuros } from '#shared/money.ts';
import { orderTotals } from '#shared/orders.ts';
import type { Order, TotalsAnswer } from '#shared/schemas/orders.ts';
import { type Answer, type Entry, renderRoutes as renderWith, standIn } from '../../test/harness.tsx';
import { CART_KEY, type CartItem } from './cart-store.ts';

export { type Answer, type FakeCall, fakeApi, userFactory } from '../../test/harness.tsx';

export const cartItem = (overrides: Partial<CartItem> = {}): CartItem => ({
  id: '1',
  productId: 1,
  name: 'Caixa organizadora',
  price: 12.5,
  image: '/media/p1-1024.webp',
  quantity: 1,
  isDigital: false,
  variant: null,
  ...overrides,
});

export const storeCart = (items: CartItem[]) => localStorage.setItem(CART_KEY, JSON.stringify(items));
export const storedCart = () => JSON.parse(localStorage.getItem(CART_KEY) ?? 'null') as CartItem[] | null;

/** The totals the server would answer for these lines at these prices (the shared rule). */
export function totalsFor(items: Pick<CartItem, 'price' | 'quantity' | 'isDigital'>[]): TotalsAnswer {
  const t = orderTotals(items.map((i) => ({ unitPriceCents: Math.round(i.price * 100), quantity: i.quantity, isDigital: i.isDigital })));
  return {
    subtotalWithTax: toEuros(t.subtotalWithTaxCents),
    shippingCost: toEuros(t.shippingCents),
    totalPriceWithoutTax: toEuros(t.totalWithoutTaxCents),
    totalTax: toEuros(t.totalTaxCents),
    totalWithTax: toEuros(t.totalWithTaxCents),
    taxRate: t.taxRate,
  };
}

export const orderFactory = (overrides: Partial<Order> = {}): Order => ({
  id: 42,
  user_id: 2,
  email: 'maria@exemplo.pt',
  order_date: '2025-03-05T10:00:00.000Z',
  status: 'pending',
  payment_method: 'multibanco',
  shipping_address: 'Maria Silva, Rua das Flores 1, Lisboa, 1000-001, Portugal',
  phone: '912345678',
  shipping_cost: 6,
  total_price_without_tax: 25.2,
  total_tax: 5.8,
  total_price_with_tax: 31,
  orderItems: [
    {
      id: 1,
      product_id: 1,
      variant_id: null,
      quantity: 2,
      price: 12.5,
      product: { id: 1, name: 'Caixa organizadora', isDigital: false, image: null },
      variant: null,
    },
  ],
  ...overrides,
});

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

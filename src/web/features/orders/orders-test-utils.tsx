// Test helpers for the order screens (not a test file itself): order data, error answers and the customer's order routes.
import type { Order, OrderPage } from '#shared/schemas/orders.ts';
import { paths } from '../../paths.ts';
import { type Answer, homeAndLogin, renderRoutes, standIn, userFactory } from '../../test/harness.tsx';
import { MyOrderPage } from './my-order-page.tsx';
import { MyOrdersPage } from './my-orders-page.tsx';

export { type Answer, type FakeCall, fakeApi, notFound } from '../../test/harness.tsx';

export const failure = (status: number, message: string, code = 'INTERNAL'): Answer => ({ status, body: { message, error: message, code } });

export const customer = userFactory();

export const orderFactory = (overrides: Partial<Order> = {}): Order => ({
  id: 12,
  user_id: 2,
  email: 'maria@exemplo.pt',
  order_date: '2025-03-05T12:00:00.000Z',
  status: 'pending',
  payment_method: 'multibanco',
  shipping_address: 'Maria Silva, Rua das Flores 10, Lisboa, 1000-100, Portugal',
  phone: '912345678',
  shipping_cost: 6,
  total_price_without_tax: 30.08,
  total_tax: 6.92,
  total_price_with_tax: 37,
  orderItems: [
    {
      id: 1,
      product_id: 5,
      variant_id: null,
      quantity: 2,
      price: 12.5,
      product: { id: 5, name: 'Caixa organizadora', isDigital: false, image: null },
      variant: null,
    },
    {
      id: 2,
      product_id: 7,
      variant_id: 31,
      quantity: 1,
      price: 6,
      product: { id: 7, name: 'Agenda', isDigital: false, image: '/api/images/3/abc/thumb.webp' },
      variant: { id: 31, name: 'A5' },
    },
  ],
  ...overrides,
});

export const orderPage = (orders: Order[], pagination: Partial<OrderPage['pagination']> = {}): OrderPage => ({
  orders,
  pagination: { page: 1, pageSize: 10, total: orders.length, totalPages: 1, ...pagination },
});

export const renderOrders = (initialEntry: string) =>
  renderRoutes(
    [
      ...homeAndLogin,
      standIn(paths.products, 'Página de produtos'),
      standIn('/produtos/:id', 'Página do produto'),
      { path: paths.myOrders, element: <MyOrdersPage /> },
      { path: '/minhas-encomendas/:id', element: <MyOrderPage /> },
    ],
    initialEntry,
  );

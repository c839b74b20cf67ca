// Test helpers for the order screens (not a test file itself): order data, error answers and the customer's order routes.
import type { Order, OrderPage } from '#shared/schemas/orders.ts';
import { paths } from '#shared/paths.ts';
import { type Answer, homeAndLogin, renderRoutes, standIn, userFactory } from '../../test/harness.tsx';
import { MyOrderPage } from './my-order-page.tsx';
import { MyOrdersPage } from './my-orders-page.tsx';

export { type Answer, type FakeCall, fakeApi, notFound } from '../../test/harness.tsx';
export { orderFactory } from '../../test/factories.ts';

export const failure = (status: number, message: string, code = 'INTERNAL'): Answer => ({ status, body: { message, error: message, code } });

export const customer = userFactory();


export const orderPage = (orders: Order[], pagination: Partial<OrderPage['pagination']> = {}): OrderPage => ({
  orders,
  pagination: { page: 1, pageSize: 10, total: orders.length, totalPages: 1, ...pagination },
});

export const renderOrders = (initialEntry: string) =>
  renderRoutes(
    [
      ...homeAndLogin,
      standIn(paths.products, 'Página de produtos'),
      standIn(paths.product.pattern, 'Página do produto'),
      { path: paths.myOrders, element: <MyOrdersPage /> },
      { path: paths.myOrder.pattern, element: <MyOrderPage /> },
    ],
    initialEntry,
  );

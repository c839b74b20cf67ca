// TEMPORARY visual harness (to be deleted).
import 'bootstrap/dist/css/bootstrap.min.css';
import 'bootstrap-icons/font/bootstrap-icons.min.css';
import '../../styles.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SessionProvider } from '../../session/session.tsx';
import { AdminDashboard } from '../admin/admin-dashboard.tsx';
import { OrderFormPage } from '../admin/orders/order-form-page.tsx';
import { MyOrderPage } from './my-order-page.tsx';
import { MyOrdersPage } from './my-orders-page.tsx';

const at = new URLSearchParams(location.search).get('at') ?? '/minhas-encomendas';
const router = createMemoryRouter(
  [
    { path: '/minhas-encomendas', element: <MyOrdersPage /> },
    { path: '/minhas-encomendas/:id', element: <MyOrderPage /> },
    { path: '/admin-dashboard', element: <AdminDashboard /> },
    { path: '/admin-dashboard/create-order', element: <OrderFormPage /> },
    { path: '/admin-dashboard/edit-order/:id', element: <OrderFormPage /> },
    { path: '*', element: <p>outra página</p> },
  ],
  { initialEntries: [at] },
);
createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={new QueryClient()}>
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>
  </QueryClientProvider>,
);

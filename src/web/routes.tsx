import { Navigate, type RouteObject } from 'react-router';
import { NotFoundPage } from './components/not-found-page.tsx';
import { RouteError } from './components/route-error.tsx';
import { Layout } from './layout/layout.tsx';
import { paths } from '#shared/paths.ts';

// Each screen is its own chunk; the back office chunks are never fetched by customers.
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./features/home/home-page.tsx')).HomePage }) },
      { path: paths.about, lazy: async () => ({ Component: (await import('./features/home/home-page.tsx')).HomePage }) },
      { path: paths.contact, lazy: async () => ({ Component: (await import('./features/contact/contact-page.tsx')).ContactPage }) },
      { path: paths.terms, lazy: async () => ({ Component: (await import('./features/terms/terms-page.tsx')).TermsPage }) },
      { path: paths.products, lazy: async () => ({ Component: (await import('./features/catalog/products-page.tsx')).ProductsPage }) },
      {
        path: paths.digitalProducts,
        lazy: async () => ({ Component: (await import('./features/catalog/products-page.tsx')).DigitalProductsPage }),
      },
      { path: paths.product.pattern, lazy: async () => ({ Component: (await import('./features/catalog/product-page.tsx')).ProductPage }) },
      { path: paths.services, lazy: async () => ({ Component: (await import('./features/services/services-page.tsx')).ServicesPage }) },
      { path: paths.service.pattern, lazy: async () => ({ Component: (await import('./features/services/service-page.tsx')).ServicePage }) },
      { path: paths.sitemap, lazy: async () => ({ Component: (await import('./features/sitemap/sitemap-page.tsx')).SitemapPage }) },
      { path: paths.cart, lazy: async () => ({ Component: (await import('./features/cart/cart-page.tsx')).CartPage }) },
      { path: paths.checkout, lazy: async () => ({ Component: (await import('./features/checkout/checkout-page.tsx')).CheckoutPage }) },
      {
        path: paths.orderSuccess,
        lazy: async () => ({ Component: (await import('./features/checkout/order-success-page.tsx')).OrderSuccessPage }),
      },
      {
        path: paths.multibancoPayment,
        lazy: async () => ({ Component: (await import('./features/payments/multibanco-payment-page.tsx')).MultibancoPaymentPage }),
      },
      { path: paths.mbwayPayment, lazy: async () => ({ Component: (await import('./features/payments/mbway-payment-page.tsx')).MbwayPaymentPage }) },
      {
        path: paths.sandboxMbway.pattern,
        lazy: async () => ({ Component: (await import('./features/payments/sandbox-mbway-page.tsx')).SandboxMbwayPage }),
      },
      {
        path: paths.sandboxMultibanco,
        lazy: async () => ({ Component: (await import('./features/payments/sandbox-multibanco-page.tsx')).SandboxMultibancoPage }),
      },
      { path: paths.myOrders, lazy: async () => ({ Component: (await import('./features/orders/my-orders-page.tsx')).MyOrdersPage }) },
      { path: paths.myOrder.pattern, lazy: async () => ({ Component: (await import('./features/orders/my-order-page.tsx')).MyOrderPage }) },
      // backoffice.md's Multibanco page links to /orders; the shop's orders live at /minhas-encomendas.
      { path: '/orders', element: <Navigate to={paths.myOrders} replace /> },
      { path: paths.login, lazy: async () => ({ Component: (await import('./features/account/login-page.tsx')).LoginPage }) },
      { path: paths.register, lazy: async () => ({ Component: (await import('./features/account/register-page.tsx')).RegisterPage }) },
      {
        path: paths.verifyAccount,
        lazy: async () => ({ Component: (await import('./features/account/verify-account-page.tsx')).VerifyAccountPage }),
      },
      {
        path: paths.newsletterVerify,
        lazy: async () => ({ Component: (await import('./features/newsletter/newsletter-token-pages.tsx')).NewsletterVerifyPage }),
      },
      {
        path: paths.newsletterUnsubscribe,
        lazy: async () => ({ Component: (await import('./features/newsletter/newsletter-token-pages.tsx')).NewsletterUnsubscribePage }),
      },
      {
        path: paths.forgotPassword,
        lazy: async () => ({ Component: (await import('./features/account/forgot-password-page.tsx')).ForgotPasswordPage }),
      },
      {
        path: paths.resetPassword.pattern,
        lazy: async () => ({ Component: (await import('./features/account/reset-password-page.tsx')).ResetPasswordPage }),
      },
      {
        path: paths.signInLink.pattern,
        lazy: async () => ({ Component: (await import('./features/account/sign-in-link-page.tsx')).SignInLinkPage }),
      },
      { path: paths.profile, lazy: async () => ({ Component: (await import('./features/account/profile-page.tsx')).ProfilePage }) },
      { path: paths.admin, lazy: async () => ({ Component: (await import('./features/admin/admin-dashboard.tsx')).AdminDashboard }) },
      {
        path: paths.adminCreateUser,
        lazy: async () => ({ Component: (await import('./features/admin/users/user-form-page.tsx')).UserFormPage }),
      },
      {
        path: paths.adminEditUser.pattern,
        lazy: async () => ({ Component: (await import('./features/admin/users/user-form-page.tsx')).UserFormPage }),
      },
      {
        path: paths.adminCreateProduct,
        lazy: async () => ({ Component: (await import('./features/admin/products/product-form-page.tsx')).ProductFormPage }),
      },
      {
        path: paths.adminEditProduct.pattern,
        lazy: async () => ({ Component: (await import('./features/admin/products/product-form-page.tsx')).ProductFormPage }),
      },
      {
        path: paths.adminCreateService,
        lazy: async () => ({ Component: (await import('./features/admin/services/service-form-page.tsx')).ServiceFormPage }),
      },
      {
        path: paths.adminEditService.pattern,
        lazy: async () => ({ Component: (await import('./features/admin/services/service-form-page.tsx')).ServiceFormPage }),
      },
      {
        path: paths.adminCreateOrder,
        lazy: async () => ({ Component: (await import('./features/admin/orders/order-form-page.tsx')).OrderFormPage }),
      },
      {
        path: paths.adminEditOrder.pattern,
        lazy: async () => ({ Component: (await import('./features/admin/orders/order-form-page.tsx')).OrderFormPage }),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

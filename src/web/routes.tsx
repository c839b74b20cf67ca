import type { QueryClient } from '@tanstack/react-query';
import { Navigate, type RouteObject } from 'react-router';
import { serviceMessages } from '#shared/texts/services.ts';
import { RouteError } from './components/route-error.tsx';
import { PageNotFound, serverPage } from './head/server-page.ts';
import { Layout } from './layout/layout.tsx';
import { paths } from '#shared/paths.ts';
import { readCartCookie } from '#shared/cart.ts';

/** The payment screens, two lazy entries (issue #27: the storefront's first-route JavaScript is at its ceiling). */
const referencePages = () => import('./features/payments/reference-pages.ts');
const instantPages = () => import('./features/payments/instant-pages.ts');
/** The sandbox gateway's four pages, one lazy entry. */
const sandboxPages = () => import('./features/payments/sandbox-pages.ts');

const MAX_ID = 2_147_483_647;

/** A product's or a service's id from its address; anything else names nothing (a 404 without asking). */
function idParam(value: string | undefined): string {
  if (!/^[1-9]\d{0,9}$/.test(value ?? '') || Number(value) > MAX_ID) throw new PageNotFound();
  return value as string;
}

const homeDescription =
  'Organização pessoal com produtos escolhidos a dedo, guias digitais e sessões de organização, presenciais ou online. Conheça a loja e marque o seu serviço.';

/**
 * The storefront's catalogue pages, rendered on the server (`serverPage`): their module, head, data and status.
 * Adding one is adding an entry here. What a page's data needs is imported when it loads, with the page's own
 * code: the entry every page downloads stays as small as it was.
 */
const cartHead = { title: 'Carrinho', description: 'Reveja os produtos do seu carrinho, as quantidades e os totais antes de finalizar a compra.' };

const storefrontPages = (queries: QueryClient): RouteObject[] => [
  serverPage(queries, {
    index: true,
    module: 'features/home/home-page.tsx',
    lazy: async () => ({ Component: (await import('./features/home/home-page.tsx')).HomePage }),
    head: { title: 'Início', description: homeDescription },
  }),
  // The same page as the home page under its other name: one address for search engines.
  serverPage(queries, {
    path: paths.about,
    module: 'features/home/home-page.tsx',
    lazy: async () => ({ Component: (await import('./features/home/home-page.tsx')).HomePage }),
    head: { title: 'Sobre', description: homeDescription },
    canonical: paths.home,
  }),
  serverPage(queries, {
    path: paths.contact,
    module: 'features/contact/contact-page.tsx',
    lazy: async () => ({ Component: (await import('./features/contact/contact-page.tsx')).ContactPage }),
    head: { title: 'Contactos', description: 'Fale com a Loja: telefone, email, horário de atendimento e um formulário para nos enviar a sua mensagem.' },
  }),
  serverPage(queries, {
    path: paths.terms,
    module: 'features/terms/terms-page.tsx',
    lazy: async () => ({ Component: (await import('./features/terms/terms-page.tsx')).TermsPage }),
    head: {
      title: 'Termos e Privacidade',
      description:
        'Termos de venda e política de privacidade da Loja: dados pessoais, cookies, envios, devoluções, direito de livre resolução e reclamações.',
    },
  }),
  serverPage(queries, {
    path: paths.withdrawalForm,
    module: 'features/withdrawal/model-form-page.tsx',
    lazy: async () => ({ Component: (await import('./features/withdrawal/model-form-page.tsx')).ModelFormPage }),
    head: {
      title: 'Formulário de livre resolução',
      description: 'O modelo de formulário de livre resolução do Decreto-Lei n.º 24/2014 (Anexo, parte B), para imprimir e enviar à Loja.',
    },
  }),
  serverPage(queries, {
    path: paths.products,
    module: 'features/catalog/products-page.tsx',
    lazy: async () => ({ Component: (await import('./features/catalog/products-page.tsx')).ProductsPage }),
    head: { title: 'Produtos', description: 'Os produtos da loja: pesquise por nome, ordene por preço e adicione ao carrinho.' },
  }),
  serverPage(queries, {
    path: paths.digitalProducts,
    module: 'features/catalog/products-page.tsx',
    lazy: async () => ({ Component: (await import('./features/catalog/products-page.tsx')).DigitalProductsPage }),
    head: { title: 'Produtos Digitais', description: 'Os produtos digitais da loja: pesquise por nome, ordene por preço e veja os detalhes de cada um.' },
  }),
  serverPage(queries, {
    path: paths.collection.pattern,
    module: 'features/catalog/collection-page.tsx',
    lazy: async () => ({ Component: (await import('./features/catalog/collection-page.tsx')).CollectionPage }),
    head: { title: 'Coleção', description: 'Os produtos de uma coleção da loja.' },
    load: async ({ params, url, origin }) => {
      const slug = params.slug ?? '';
      if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) || slug.length > 80) throw new PageNotFound();
      const [{ collectionPageQueryOptions, collectionParamsFrom }, { collectionHead }] = await Promise.all([import('./features/catalog/api.ts'), import('./head/heads.ts')]);
      return collectionHead(await queries.fetchQuery(collectionPageQueryOptions(slug, collectionParamsFrom(url.searchParams))), origin, url);
    },
    notFound: { title: 'Coleção não encontrada', description: 'A coleção que procura não existe ou foi retirada.' },
  }),
  serverPage(queries, {
    path: paths.product.pattern,
    module: 'features/catalog/product-page.tsx',
    lazy: async () => ({ Component: (await import('./features/catalog/product-page.tsx')).ProductPage }),
    head: { title: 'Produto', description: 'Detalhes do produto.' },
    load: async ({ params, origin }) => {
      const id = idParam(params.id);
      const [{ productPageQueryOptions }, { productHead }] = await Promise.all([import('./features/catalog/api.ts'), import('./head/heads.ts')]);
      return productHead(await queries.fetchQuery(productPageQueryOptions(id)), origin);
    },
    notFound: { title: 'Produto não encontrado', description: 'Produto não encontrado ou sem imagens.' },
  }),
  serverPage(queries, {
    path: paths.cart,
    module: 'features/cart/cart-page.tsx',
    lazy: async () => ({ Component: (await import('./features/cart/cart-page.tsx')).CartPage }),
    head: cartHead,
    // The server renders the lines of the visitor's cart cookie (decision 0056: a form may have changed it before the
    // app ran, or without it); in the browser the page reads the stored cart.
    load: async ({ cookie, origin, queries: cache }) => {
      if (import.meta.env.SSR) {
        const { serverCartQuery } = await import('./features/cart/api.ts');
        await cache.fetchQuery(serverCartQuery(readCartCookie(cookie) ?? ''));
      }
      return { ...cartHead, canonical: `${origin}${paths.cart}` };
    },
  }),
  serverPage(queries, {
    path: paths.services,
    module: 'features/services/services-page.tsx',
    lazy: async () => ({ Component: (await import('./features/services/services-page.tsx')).ServicesPage }),
    head: {
      title: 'Serviços',
      description: 'Os serviços de organização pessoal da loja: consultoria em casa, sessões online e mais. Veja os detalhes e agende.',
    },
  }),
  serverPage(queries, {
    path: paths.service.pattern,
    module: 'features/services/service-page.tsx',
    lazy: async () => ({ Component: (await import('./features/services/service-page.tsx')).ServicePage }),
    head: { title: 'Serviço', description: 'Detalhes do serviço.' },
    load: async ({ params, origin }) => {
      const id = idParam(params.id);
      const [{ servicePageQueryOptions }, { shopDetailsQuery }, { serviceHead }] = await Promise.all([
        import('./features/services/api.ts'),
        import('./features/contact/api.ts'),
        import('./head/heads.ts'),
      ]);
      // The shop's details are the footer's too: asked once for both.
      const [service, shop] = await Promise.all([queries.fetchQuery(servicePageQueryOptions(id)), queries.fetchQuery(shopDetailsQuery)]);
      return serviceHead(service, origin, shop);
    },
    notFound: { title: serviceMessages.notFound, description: 'O serviço que procura não existe ou foi retirado.' },
  }),
];

/**
 * The one description of the app's pages. A page made with `serverPage` is rendered on the server (its module,
 * its head, its data and its status: 404 when its data does not exist); any other is rendered by the browser
 * alone. Each screen is its own chunk; the back office chunks are never fetched by customers. The query client
 * is the one the pages read, so a loader's data is the page's.
 */
export const createRoutes = (queries: QueryClient): RouteObject[] => [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      ...storefrontPages(queries),
      { path: paths.sitemap, lazy: async () => ({ Component: (await import('./features/sitemap/sitemap-page.tsx')).SitemapPage }) },
      { path: paths.checkout, lazy: async () => ({ Component: (await import('./features/checkout/checkout-page.tsx')).CheckoutPage }) },
      {
        path: paths.orderSuccess,
        lazy: async () => ({ Component: (await import('./features/checkout/order-success-page.tsx')).OrderSuccessPage }),
      },
      {
        path: paths.multibancoPayment,
        lazy: async () => ({ Component: (await referencePages()).MultibancoPaymentPage }),
      },
      { path: paths.mbwayPayment, lazy: async () => ({ Component: (await instantPages()).MbwayPaymentPage }) },
      {
        path: paths.sandboxMbway.pattern,
        lazy: async () => ({ Component: (await sandboxPages()).SandboxMbwayPage }),
      },
      {
        path: paths.sandboxMultibanco,
        lazy: async () => ({ Component: (await sandboxPages()).SandboxMultibancoPage }),
      },
      { path: paths.payshopPayment, lazy: async () => ({ Component: (await referencePages()).PayshopPaymentPage }) },
      { path: paths.cardReturn, lazy: async () => ({ Component: (await instantPages()).CardReturnPage }) },
      { path: paths.sandboxCard, lazy: async () => ({ Component: (await sandboxPages()).SandboxCardPage }) },
      { path: paths.sandboxPayshop, lazy: async () => ({ Component: (await sandboxPages()).SandboxPayshopPage }) },
      { path: paths.myOrders, lazy: async () => ({ Component: (await import('./features/orders/my-orders-page.tsx')).MyOrdersPage }) },
      { path: paths.myOrder.pattern, lazy: async () => ({ Component: (await import('./features/orders/my-order-page.tsx')).MyOrderPage }) },
      {
        path: paths.withdrawal.pattern,
        lazy: async () => ({ Component: (await import('./features/withdrawal/withdrawal-page.tsx')).WithdrawalPage }),
      },
      {
        path: paths.withdrawalRequest,
        lazy: async () => ({ Component: (await import('./features/withdrawal/withdrawal-request-page.tsx')).WithdrawalRequestPage }),
      },
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
        path: paths.restockConfirm,
        lazy: async () => ({ Component: (await import('./features/catalog/restock-token-pages.tsx')).RestockConfirmPage }),
      },
      {
        path: paths.restockStop,
        lazy: async () => ({ Component: (await import('./features/catalog/restock-token-pages.tsx')).RestockStopPage }),
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
        path: paths.adminCreateCollection,
        lazy: async () => ({ Component: (await import('./features/admin/collections/collection-form-page.tsx')).CollectionFormPage }),
      },
      {
        path: paths.adminEditCollection.pattern,
        lazy: async () => ({ Component: (await import('./features/admin/collections/collection-form-page.tsx')).CollectionFormPage }),
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
      serverPage(queries, {
        path: '*',
        module: 'components/not-found-page.tsx',
        lazy: async () => ({ Component: (await import('./components/not-found-page.tsx')).NotFoundPage }),
        head: { title: 'Página não encontrada', description: 'A página que procura não existe.' },
        status: 404,
      }),
    ],
  },
];

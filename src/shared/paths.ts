/** A route with parameters: call it for a link, read `.pattern` for the router. */
type ParamRoute<Args extends unknown[]> = ((...args: Args) => string) & { readonly pattern: string };

function route<Args extends unknown[]>(pattern: string, build: (...args: Args) => string): ParamRoute<Args> {
  return Object.assign(build, { pattern });
}

/** Every browser route in one place (backoffice.md §2, full route table); a plain string is its own pattern. */
export const paths = {
  home: '/',
  about: '/sobre',
  products: '/produtos',
  product: route('/produtos/:id', (id: number | string) => `/produtos/${id}`),
  digitalProducts: '/produtos-digitais',
  collection: route('/colecoes/:slug', (slug: string) => `/colecoes/${encodeURIComponent(slug)}`),
  services: '/servicos',
  service: route('/servicos/:id', (id: number | string) => `/servicos/${id}`),
  contact: '/contactos',
  cart: '/carrinho',
  /** The cart's forms, answered by the server (decision 0056): they work before the app runs and without it. */
  cartAdd: '/carrinho/adicionar',
  cartChange: '/carrinho/alterar',
  cartRemove: '/carrinho/remover',
  checkout: '/checkout',
  orderSuccess: '/order-success',
  multibancoPayment: '/multibanco-payment',
  mbwayPayment: '/mbway-payment',
  sandboxMbway: route('/sandbox/mbway/:requestId', (requestId: string) => `/sandbox/mbway/${encodeURIComponent(requestId)}`),
  sandboxMultibanco: '/sandbox/multibanco',
  /** The sandbox's card page (links: card-paths.ts, kept out of the storefront's first script). */
  sandboxCard: '/sandbox/cartao/:requestId',
  sandboxPayshop: '/sandbox/payshop',
  /** Where ifthenpay's card page sends the customer back (links: card-paths.ts). */
  cardReturn: '/pagamento/cartao/:outcome/:orderId/:token?',
  payshopPayment: '/payshop-payment',
  login: '/login',
  register: '/register',
  verifyAccount: '/auth/verify',
  newsletterVerify: '/newsletter/verify',
  newsletterUnsubscribe: '/newsletter/unsubscribe',
  restockConfirm: '/avise-me/confirmar',
  restockStop: '/avise-me/cancelar',
  forgotPassword: '/recuperar-senha',
  resetPassword: route('/recuperar-senha/:token', (token: string) => `/recuperar-senha/${token}`),
  signInLink: route('/entrar/:token', (token: string) => `/entrar/${token}`),
  profile: '/perfil',
  myOrders: '/minhas-encomendas',
  myOrder: route('/minhas-encomendas/:id', (id: number | string) => `/minhas-encomendas/${id}`),
  terms: '/termos-privacidade',
  /** The withdrawal function of one order (issue #28): a guest's link carries the order's token. */
  withdrawal: route('/encomendas/:id/desistir', (id: number | string, token?: string | null) =>
    token ? `/encomendas/${id}/desistir?token=${encodeURIComponent(token)}` : `/encomendas/${id}/desistir`,
  ),
  /** The footer's page: order number and e-mail, and the link comes by e-mail. */
  withdrawalRequest: '/desistir',
  /** The model withdrawal form of DL 24/2014's annex (Anexo, parte B). */
  withdrawalForm: '/formulario-de-livre-resolucao',
  sitemap: '/sitemap',
  admin: '/admin-dashboard',
  adminCreateUser: '/admin-dashboard/create-user',
  adminEditUser: route('/admin-dashboard/edit-user/:id', (id: number | string) => `/admin-dashboard/edit-user/${id}`),
  adminCreateProduct: '/admin-dashboard/create-product',
  adminCreateOrder: '/admin-dashboard/create-order',
  adminEditOrder: route('/admin-dashboard/edit-order/:id', (id: number | string) => `/admin-dashboard/edit-order/${id}`),
  adminEditProduct: route('/admin-dashboard/edit-product/:id', (id: number | string) => `/admin-dashboard/edit-product/${id}`),
  adminCreateCollection: '/admin-dashboard/create-collection',
  adminEditCollection: route('/admin-dashboard/edit-collection/:id', (id: number | string) => `/admin-dashboard/edit-collection/${id}`),
  adminCreateService: '/admin-dashboard/create-service',
  adminEditService: route('/admin-dashboard/edit-service/:id', (id: number | string) => `/admin-dashboard/edit-service/${id}`),
  complaintsBook: 'https://www.livroreclamacoes.pt',
} as const;

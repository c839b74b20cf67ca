/**
 * One query-key root per domain, shared by the shop and the back office: a write invalidates its root and
 * every screen showing that domain (lists, pages, home, admin) refreshes, with no guessing from key names.
 */
export const queryRoots = {
  /** Products: storefront lists and pages, home, admin lists and forms (stock moves with orders too). */
  catalog: ['catalog'] as const,
  /** Orders: the customer's own and the admin's. */
  orders: ['orders'] as const,
  /** Services: /servicos, the home page and the admin tab. */
  services: ['services'] as const,
  /** Shipping methods: the Envios tab, the checkout, the cart drawer, the terms and the product page's promises. */
  shipping: ['shipping'] as const,
};

/**
 * A link that acts once (verify an account, confirm or leave the newsletter): its query is never retried,
 * refetched or dropped from the cache (a repeat would read 'already used'; StrictMode mounts twice).
 */
export const singleUseQuery = {
  retry: false,
  staleTime: Infinity,
  gcTime: Infinity,
  refetchOnMount: false,
  refetchOnReconnect: false,
  refetchOnWindowFocus: false,
} as const;

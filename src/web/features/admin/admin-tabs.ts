import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import { paths } from '#shared/paths.ts';

/** The dashboard keeps its active tab in the query (?tab=...), so reload and Back return to it. */
export const TAB_PARAM = 'tab';

/** Each tab's ?tab= value (backoffice.md §2). */
const tabKeys = {
  overview: 'resumo',
  users: 'utilizadores',
  products: 'produtos',
  collections: 'colecoes',
  services: 'servicos',
  orders: 'encomendas',
  withdrawals: 'desistencias',
  shipping: 'envios',
  discounts: 'descontos',
  tax: 'iva',
  subscribers: 'subscritores',
  media: 'media',
  newsletter: 'newsletter',
  messages: 'mensagens',
  audit: 'registo',
} as const;
export type TabName = keyof typeof tabKeys;

/** A tab's list, where its forms go back after a save or a delete. */
export const adminListHref = (tab: TabName) => `${paths.admin}?${TAB_PARAM}=${encodeURIComponent(tabKeys[tab])}`;

export type AdminTab = {
  /** The value of ?tab= in the address. */
  key: string;
  title: string;
  /** Fetches the tab's chunk; only the tab the admin opens is downloaded. */
  load: () => Promise<ComponentType>;
  Component: LazyExoticComponent<ComponentType>;
};

function adminTab(key: string, title: string, load: () => Promise<ComponentType>): AdminTab {
  return { key, title, load, Component: lazy(async () => ({ default: await load() })) };
}

// backoffice.md §2: users, products, services, orders, subscribers, media library, newsletter, in that order; the
// owner's overview (issue #17) opens the dashboard; the shop's own tabs (messages, collections, withdrawals,
// shipping) follow the spec's, the audit log last. A new tab is one entry here; the first entry is the default.
export const adminTabs: readonly [AdminTab, ...AdminTab[]] = [
  adminTab(tabKeys.overview, 'Resumo', async () => (await import('./overview/overview-tab.tsx')).OverviewTab),
  adminTab(tabKeys.users, 'Utilizadores', async () => (await import('./users/users-tab.tsx')).UsersTab),
  adminTab(tabKeys.products, 'Produtos', async () => (await import('./products/products-tab.tsx')).ProductsTab),
  adminTab(tabKeys.services, 'Serviços', async () => (await import('./services/services-tab.tsx')).ServicesTab),
  adminTab(tabKeys.orders, 'Encomendas', async () => (await import('./orders/orders-tab.tsx')).OrdersTab),
  adminTab(tabKeys.subscribers, 'Subscritores', async () => (await import('./newsletter/subscribers-tab.tsx')).SubscribersTab),
  adminTab(tabKeys.media, 'Biblioteca de media', async () => (await import('./media/media-tab.tsx')).MediaTab),
  adminTab(tabKeys.newsletter, 'Newsletter', async () => (await import('./newsletter/newsletter-tab.tsx')).NewsletterTab),
  adminTab(tabKeys.messages, 'Mensagens', async () => (await import('./messages/messages-tab.tsx')).MessagesTab),
  adminTab(tabKeys.collections, 'Coleções', async () => (await import('./collections/collections-tab.tsx')).CollectionsTab),
  adminTab(tabKeys.withdrawals, 'Desistências', async () => (await import('./withdrawals/withdrawals-tab.tsx')).WithdrawalsTab),
  adminTab(tabKeys.shipping, 'Envios', async () => (await import('./shipping/shipping-tab.tsx')).ShippingTab),
  adminTab(tabKeys.discounts, 'Códigos de desconto', async () => (await import('./discounts/discounts-tab.tsx')).DiscountsTab),
  adminTab(tabKeys.tax, 'IVA', async () => (await import('./tax/tax-tab.tsx')).TaxTab),
  adminTab(tabKeys.audit, 'Registo', async () => (await import('./audit/audit-tab.tsx')).AuditTab),
];

/** A tab's name, as its link in the dashboard says it. */
export const tabTitle = (tab: TabName) => adminTabs.find((t) => t.key === tabKeys[tab])?.title ?? '';

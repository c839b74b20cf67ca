import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import { USERS_TAB } from './admin-paths.ts';
import { MEDIA_TAB } from './media/media-paths.ts';
import { NEWSLETTER_TAB, SUBSCRIBERS_TAB } from './newsletter/newsletter-paths.ts';
import { MESSAGES_TAB } from './messages/messages-paths.ts';
import { ORDERS_TAB } from './orders/order-paths.ts';
import { PRODUCTS_TAB } from './products/product-paths.ts';
import { SERVICES_TAB } from './services/service-paths.ts';

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

// backoffice.md §2: users, products, services, orders, subscribers, media library, newsletter.
// A new tab is one entry here; the first entry is the default.
export const adminTabs: readonly [AdminTab, ...AdminTab[]] = [
  adminTab(USERS_TAB, 'Utilizadores', async () => (await import('./users/users-tab.tsx')).UsersTab),
  adminTab(PRODUCTS_TAB, 'Produtos', async () => (await import('./products/products-tab.tsx')).ProductsTab),
  adminTab(SERVICES_TAB, 'Serviços', async () => (await import('./services/services-tab.tsx')).ServicesTab),
  adminTab(ORDERS_TAB, 'Encomendas', async () => (await import('./orders/orders-tab.tsx')).OrdersTab),
  adminTab(SUBSCRIBERS_TAB, 'Subscritores', async () => (await import('./newsletter/subscribers-tab.tsx')).SubscribersTab),
  adminTab(MEDIA_TAB, 'Biblioteca de media', async () => (await import('./media/media-tab.tsx')).MediaTab),
  adminTab(NEWSLETTER_TAB, 'Newsletter', async () => (await import('./newsletter/newsletter-tab.tsx')).NewsletterTab),
  adminTab(MESSAGES_TAB, 'Mensagens', async () => (await import('./messages/messages-tab.tsx')).MessagesTab),
];

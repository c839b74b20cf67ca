import { queryOptions } from '@tanstack/react-query';
import type { ShopSetup } from '#shared/schemas/contact.ts';
import { api } from '../../api/client.ts';

// The dashboard's own call; each tab's calls live in its folder's api.ts.

/** GET /shop/setup: the shop's details that still hold their example values. */
export const shopSetupQueryOptions = queryOptions({
  queryKey: ['admin', 'shop-setup'] as const,
  queryFn: ({ signal }) => api.get<ShopSetup>('/shop/setup', { signal }),
  staleTime: 10 * 60_000,
});

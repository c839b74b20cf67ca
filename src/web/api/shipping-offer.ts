import { queryOptions, useQuery } from '@tanstack/react-query';
import { FRESH_SHOP_METHODS, type ShippingRules, toShippingRules } from '#shared/shipping.ts';
import type { ShippingMethodList } from '#shared/schemas/shipping.ts';
import { api } from './client.ts';
import { queryRoots } from './query-keys.ts';

/** The shop's active shipping methods, as the terms, the product page and the cart drawer say them (decision 0046). */
export const shippingOfferQuery = queryOptions({
  queryKey: [...queryRoots.shipping, 'offer'] as const,
  queryFn: ({ signal }) => api.get<ShippingMethodList>('/shipping-method/offer', { signal }),
  staleTime: 5 * 60_000,
  // Kept for the visit: the checkout reads it from here without asking again (its only calls are the order's).
  gcTime: Infinity,
});

/**
 * The rules the pages say: the shop's own, or a fresh shop's (the migration's rows) until they arrive, so a page
 * never shows no delivery terms at all.
 */
export function useShippingRules({ askIfMissing = true } = {}): readonly ShippingRules[] {
  const { data } = useQuery({ ...shippingOfferQuery, enabled: askIfMissing });
  return data ? data.methods.map(toShippingRules) : FRESH_SHOP_METHODS;
}

/** The owner's zones abroad as the offer names them (decision 0055); none until it arrives. */
export function useShippingZonesAbroad({ askIfMissing = true } = {}) {
  const { data } = useQuery({ ...shippingOfferQuery, enabled: askIfMissing });
  return data?.zones ?? [];
}

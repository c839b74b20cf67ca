import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShippingMethod, ShippingMethodInput, ShippingMethodList } from '#shared/schemas/shipping.ts';
import type { ShippingZoneAnswer, ShippingZoneInput, ShippingZoneList } from '#shared/schemas/zones.ts';
import { api } from '../../../api/client.ts';
import { queryRoots } from '../../../api/query-keys.ts';

// The "Envios" tab's calls (issue #29): GET/POST /shipping-method, PUT/DELETE /shipping-method/:id, admin only.

export const shippingMethodsQuery = queryOptions({
  queryKey: [...queryRoots.shipping, 'admin'] as const,
  queryFn: ({ signal }) => api.get<ShippingMethodList>('/shipping-method', { signal }),
});

/** Every shipping screen (the tab, the terms, the drawer, the checkout's) reads the new rules after a write. */
function useRefreshShipping() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryRoots.shipping });
}

export function useSaveShippingMethod() {
  const refresh = useRefreshShipping();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ShippingMethodInput }) =>
      id === null ? api.post<ShippingMethod>('/shipping-method', body) : api.put<ShippingMethod>(`/shipping-method/${id}`, body),
    onSuccess: refresh,
  });
}

export function useDeleteShippingMethod() {
  const refresh = useRefreshShipping();
  return useMutation({ mutationFn: (id: number) => api.delete<{ message: string }>(`/shipping-method/${id}`), onSuccess: refresh });
}

// The owner's own zones (decision 0055): GET/POST /shipping-zone, PUT/DELETE /shipping-zone/:id, admin only.
export const shippingZonesQuery = queryOptions({
  queryKey: [...queryRoots.shipping, 'zones'] as const,
  queryFn: ({ signal }) => api.get<ShippingZoneList>('/shipping-zone', { signal }),
});

export function useSaveShippingZone() {
  const refresh = useRefreshShipping();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ShippingZoneInput }) =>
      id === null ? api.post<ShippingZoneAnswer>('/shipping-zone', body) : api.put<ShippingZoneAnswer>(`/shipping-zone/${id}`, body),
    onSuccess: refresh,
  });
}

export function useDeleteShippingZone() {
  const refresh = useRefreshShipping();
  return useMutation({ mutationFn: (id: number) => api.delete<{ message: string }>(`/shipping-zone/${id}`), onSuccess: refresh });
}

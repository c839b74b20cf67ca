import { queryOptions } from '@tanstack/react-query';
import type { Service } from '#shared/schemas/services.ts';
import { api } from '../../api/client.ts';
import { queryRoots } from '../../api/query-keys.ts';

/** Storefront keys under the services' root, so an admin edit refreshes the list and the pages alike. */
export const serviceKeys = {
  list: [...queryRoots.services, 'list'] as const,
  detail: (id: string) => [...queryRoots.services, 'detail', id] as const,
};

/** backoffice.md §7 `GET /service`: every service, by display order then name. */
export const fetchServices = (signal?: AbortSignal) => api.get<Service[]>('/service', { signal });

export const fetchService = (id: string, signal?: AbortSignal) => api.get<Service>(`/service/${encodeURIComponent(id)}`, { signal });

export const servicesQueryOptions = queryOptions({ queryKey: serviceKeys.list, queryFn: ({ signal }) => fetchServices(signal) });

export const servicePageQueryOptions = (id: string) =>
  queryOptions({ queryKey: serviceKeys.detail(id), queryFn: ({ signal }) => fetchService(id, signal) });

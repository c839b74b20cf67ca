import type { Service } from '#shared/schemas/services.ts';
import { api } from '../../api/client.ts';

/**
 * Query keys of the services. Everything starts with 'service', so invalidating ['service'] (after an admin
 * edit) refreshes the list and the pages alike.
 */
export const serviceKeys = {
  all: ['service'] as const,
  list: ['service', 'list'] as const,
  detail: (id: string) => ['service', 'detail', id] as const,
};

/** backoffice.md §7 `GET /service`: every service, by display order then name. */
export const fetchServices = (signal?: AbortSignal) => api.get<Service[]>('/service', { signal });

export const fetchService = (id: string, signal?: AbortSignal) => api.get<Service>(`/service/${encodeURIComponent(id)}`, { signal });

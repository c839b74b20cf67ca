import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service } from '#shared/schemas/services.ts';
import { api, ApiError } from '../../../api/client.ts';
import { queryRoots } from '../../../api/query-keys.ts';

// Admin services API (backoffice.md §7): GET/POST /service, GET/PUT/DELETE /service/:id. Writes are admin only
// (checked on the server).

/** Admin service queries live under the services' root, with the storefront's: one invalidation refreshes both. */
export const servicesQueryKey = [...queryRoots.services, 'admin'] as const;
export const serviceQueryKey = (id: number) => [...servicesQueryKey, 'detail', id] as const;

export const servicesQueryOptions = () =>
  queryOptions({ queryKey: [...servicesQueryKey, 'list'] as const, queryFn: ({ signal }) => api.get<Service[]>('/service', { signal }) });

export const serviceQueryOptions = (id: number) =>
  queryOptions({ queryKey: serviceQueryKey(id), queryFn: ({ signal }) => api.get<Service>(`/service/${id}`, { signal }) });

/** The service form as multipart (text fields, `image` file, `removeImage`). */
export const createService = (form: FormData) => api.post<Service>('/service', form);
export const updateService = (id: number, form: FormData) => api.put<Service>(`/service/${id}`, form);
export const deleteService = (id: number) => api.delete<{ message: string }>(`/service/${id}`);

/** The admin's lists and the storefront's (the list, the pages, the home page) go stale together. */
function useRefreshServices() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryRoots.services });
}

/** Creates (no id) or updates (id) a service. */
export function useSaveService(id: number | undefined) {
  const queryClient = useQueryClient();
  const refresh = useRefreshServices();
  return useMutation({
    mutationFn: (form: FormData) => (id === undefined ? createService(form) : updateService(id, form)),
    onSuccess: async (service) => {
      await refresh();
      queryClient.setQueryData(serviceQueryKey(service.id), service);
    },
  });
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  const refresh = useRefreshServices();
  return useMutation({
    mutationFn: deleteService,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: serviceQueryKey(id) });
      return refresh();
    },
    // Someone else deleted it first: the list is out of date, refresh it under the message.
    onError: (err) => {
      if (err instanceof ApiError && err.status === 404) void refresh();
    },
  });
}

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCollection } from '#shared/schemas/collections.ts';
import { collectionMessages } from '#shared/schemas/collections.ts';
import { api, ApiError } from '../../../api/client.ts';
import { queryRoots } from '../../../api/query-keys.ts';

// Admin collections API (issue #30): GET /collection (every collection for an admin), POST /collection,
// PUT and DELETE /collection/:id. Writes are admin only (checked on the server).

/** Under the catalogue's root: a save refreshes the shop's lists, collection pages and home page too. */
export const collectionsQueryKey = [...queryRoots.catalog, 'admin-collections'] as const;

export const adminCollectionsQueryOptions = () =>
  queryOptions({ queryKey: collectionsQueryKey, queryFn: ({ signal }) => api.get<AdminCollection[]>('/collection', { signal }) });

/** One collection for its form, from the admin's list (the list is small and holds every field). */
export const adminCollectionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...collectionsQueryKey, 'detail', id] as const,
    queryFn: async ({ signal }) => {
      const found = (await api.get<AdminCollection[]>('/collection', { signal })).find((c) => c.id === id);
      if (!found) throw new ApiError(collectionMessages.notFound, 404, { message: collectionMessages.notFound });
      return found;
    },
  });

/** The JSON body of POST and PUT (the names). */
export type CollectionInput = {
  name: string;
  slug?: string;
  description: string;
  image_id: number | null;
  product_ids: number[];
  sort: AdminCollection['sort'];
  published: boolean;
  on_home: boolean;
};

function useRefreshCatalog() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryRoots.catalog });
}

export function useSaveCollection(id: number | undefined) {
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: (body: CollectionInput) => (id === undefined ? api.post<AdminCollection>('/collection', body) : api.put<AdminCollection>(`/collection/${id}`, body)),
    onSuccess: () => refresh(),
  });
}

export function useDeleteCollection() {
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/collection/${id}`),
    onSuccess: () => refresh(),
    onError: (err) => {
      if (err instanceof ApiError && err.status === 404) void refresh();
    },
  });
}

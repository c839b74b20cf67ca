import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MediaImage } from '#shared/schemas/catalog.ts';
import { api, ApiError } from '../../../api/client.ts';

// Media library API (backoffice.md §7): GET /image, PUT /image/:name (multipart: name, image), DELETE /image/:id.
// All three are admin only, checked on the server.

export const mediaQueryKey = ['admin', 'media'] as const;

export const getMedia = (signal?: AbortSignal) => api.get<MediaImage[]>('/image', { signal });
export const mediaQueryOptions = () => queryOptions({ queryKey: mediaQueryKey, queryFn: ({ signal }) => getMedia(signal) });

/** Uploads one image under a name; a name already in use (in any letter case) is replaced. */
export function uploadMedia(name: string, file: File) {
  const form = new FormData();
  form.append('name', name);
  form.append('image', file, file.name);
  return api.put<MediaImage>(`/image/${encodeURIComponent(name)}`, form);
}
export const deleteMedia = (id: number) => api.delete<{ message: string }>(`/image/${id}`);

/**
 * Pages that load library images by name (the home hero loads 'Sobre') cache them under their own keys:
 * any query whose key mentions images or media is refreshed after a change.
 */
const isMediaQuery = (key: readonly unknown[]) => key.some((part) => part === 'media' || part === 'image' || part === 'images');

function useRefreshMedia() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => isMediaQuery(query.queryKey) });
}

export function useUploadMedia() {
  const refresh = useRefreshMedia();
  return useMutation({
    mutationFn: ({ name, file }: { name: string; file: File }) => uploadMedia(name, file),
    onSuccess: () => refresh(),
  });
}

export function useDeleteMedia() {
  const refresh = useRefreshMedia();
  return useMutation({
    mutationFn: deleteMedia,
    onSuccess: () => refresh(),
    // Someone else deleted it first: the list is out of date, refresh it under the message.
    onError: (err) => {
      if (err instanceof ApiError && err.status === 404) void refresh();
    },
  });
}

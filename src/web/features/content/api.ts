import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentBlock } from '#shared/schemas/content.ts';
import { api, ApiError } from '../../api/client.ts';

// backoffice.md §7: GET /content/{section} answers { value }; PUT /content/{section} with { value } saves it.

export const contentKeys = {
  all: ['content'] as const,
  block: (section: string) => ['content', section] as const,
};

/** A block's HTML as the server sanitised it; null when nobody wrote it yet (404). */
export async function fetchBlock(section: string, signal?: AbortSignal): Promise<string | null> {
  try {
    return (await api.get<ContentBlock>(`/content/${encodeURIComponent(section)}`, { signal })).value;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const blockQueryOptions = (section: string) =>
  queryOptions({ queryKey: contentKeys.block(section), queryFn: ({ signal }) => fetchBlock(section, signal) });

export const saveBlock = (section: string, value: string) =>
  api.put<ContentBlock>(`/content/${encodeURIComponent(section)}`, { value });

/** Saves a block and shows the server's (sanitised) version at once, without another request. */
export function useSaveBlock(section: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: string) => saveBlock(section, value),
    onSuccess: (saved) => queryClient.setQueryData(contentKeys.block(section), saved.value),
  });
}

import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactMessage, ContactMessagePage } from '#shared/schemas/contact.ts';
import { api } from '../../../api/client.ts';

// GET /contact/messages (admin, paged, newest first) and PUT /contact/messages/:id/read; the server checks isAdmin.

export const messagesQueryKey = ['admin', 'contact-messages'] as const;
export const MESSAGES_PAGE_SIZE = 20;

export const getMessages = (page: number, signal?: AbortSignal) =>
  api.get<ContactMessagePage>('/contact/messages', { query: { page, pageSize: MESSAGES_PAGE_SIZE }, signal });

export const messagesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...messagesQueryKey, page] as const,
    queryFn: ({ signal }) => getMessages(page, signal),
    placeholderData: keepPreviousData,
  });

export const markRead = (id: number) => api.put<ContactMessage>(`/contact/messages/${id}/read`);

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesQueryKey }),
  });
}

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewsletterContent, NewsletterContentBody, NewsletterSend, SendSwitchAnswer, Subscriber } from '#shared/schemas/newsletter.ts';
import { api, ApiError } from '../../../api/client.ts';

// Admin newsletter API (backoffice.md §7), plus the test mail and the send history. The server checks isAdmin.

export const newsletterQueryKey = ['admin', 'newsletter'] as const;
export const subscribersQueryKey = [...newsletterQueryKey, 'subscribers'] as const;
export const contentQueryKey = [...newsletterQueryKey, 'content'] as const;
export const switchQueryKey = [...newsletterQueryKey, 'isToSend'] as const;
export const sendsQueryKey = [...newsletterQueryKey, 'sends'] as const;

/** While a send runs, the switch and the history are refreshed this often to show its progress and its end. */
export const SENDING_REFRESH_MS = 3000;

export const subscribersQueryOptions = () =>
  queryOptions({ queryKey: subscribersQueryKey, queryFn: ({ signal }) => api.get<Subscriber[]>('/newsletter/subscribers', { signal }) });

export function useDeleteSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api.delete<{ message: string }>(`/newsletter/${encodeURIComponent(email)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscribersQueryKey }),
    // Someone else deleted it first: the list is out of date, refresh it under the message.
    onError: (err) => {
      if (err instanceof ApiError && err.status === 404) void queryClient.invalidateQueries({ queryKey: subscribersQueryKey });
    },
  });
}

export const contentQueryOptions = () =>
  queryOptions({ queryKey: contentQueryKey, queryFn: ({ signal }) => api.get<NewsletterContent>('/newsletter/content', { signal }) });

export function useSaveContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewsletterContentBody) => api.put<NewsletterContent>('/newsletter/content', body),
    onSuccess: (saved) => queryClient.setQueryData(contentQueryKey, saved),
  });
}

export const switchQueryOptions = () =>
  queryOptions({
    queryKey: switchQueryKey,
    queryFn: ({ signal }) => api.get<{ isToSend: boolean }>('/newsletter/isToSend', { signal }),
    refetchInterval: (query) => (query.state.data?.isToSend ? SENDING_REFRESH_MS : false),
  });

/** Asks for the state wanted (not a blind toggle), so a click that crosses the end of a send cannot start another. */
export function useSwitchSending() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isToSend: boolean) => api.put<SendSwitchAnswer>('/newsletter/isToSend', { isToSend }),
    onSuccess: (answer) => {
      queryClient.setQueryData(switchQueryKey, { isToSend: answer.isToSend });
      return queryClient.invalidateQueries({ queryKey: sendsQueryKey });
    },
  });
}

export const useSendTest = () => useMutation({ mutationFn: () => api.post<{ message: string }>('/newsletter/test') });

export const sendsQueryOptions = (sending: boolean) =>
  queryOptions({
    queryKey: sendsQueryKey,
    queryFn: ({ signal }) => api.get<NewsletterSend[]>('/newsletter/sends', { signal }),
    refetchInterval: sending ? SENDING_REFRESH_MS : false,
  });

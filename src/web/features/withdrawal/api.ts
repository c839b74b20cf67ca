import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { WithdrawalAnswer, WithdrawalBody, WithdrawalLinkBody, WithdrawalOverview } from '#shared/schemas/withdrawals.ts';
import { api } from '../../api/client.ts';
import { queryRoots } from '../../api/query-keys.ts';

// The withdrawal function (issue #28): GET and POST /order/{id}/withdrawal (a guest's token in the query), and
// the footer's POST /withdrawal/link. Under the orders' root: a withdrawal refreshes the order's screens too.

export const withdrawalKeys = { order: (id: number, token?: string) => [...queryRoots.orders, 'withdrawal', id, token ?? ''] as const };

const tokenQuery = (token?: string) => (token ? { token } : undefined);

export const withdrawalQueryOptions = (id: number, token?: string) =>
  queryOptions({
    queryKey: withdrawalKeys.order(id, token),
    queryFn: ({ signal }) => api.get<WithdrawalOverview>(`/order/${id}/withdrawal`, { query: tokenQuery(token), signal }),
    // A stranger's or a signed-out visitor's 404 is the answer, not a hiccup to retry.
    retry: false,
  });

export const postWithdrawal = (id: number, token: string | undefined, body: WithdrawalBody) =>
  api.post<WithdrawalAnswer>(`/order/${id}/withdrawal`, body, { query: tokenQuery(token) });

/** Step 2: the request is stored; the order's screens read it afresh. */
export function useConfirmWithdrawal(id: number, token?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WithdrawalBody) => postWithdrawal(id, token, { ...body, confirm: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.orders }),
  });
}

export const askWithdrawalLink = (body: WithdrawalLinkBody) => api.post<{ message: string }>('/withdrawal/link', body);

import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Withdrawal, WithdrawalPage, WithdrawalRefundBody, WithdrawalStatus } from '#shared/schemas/withdrawals.ts';
import { api } from '../../../api/client.ts';
import { queryRoots } from '../../../api/query-keys.ts';

// "Desistências" (issue #28): GET /withdrawals?status=&page=, POST /withdrawals/{id}/refund.

export const ADMIN_WITHDRAWALS_PAGE_SIZE = 20;
const withdrawalsKey = [...queryRoots.orders, 'admin-withdrawals'] as const;

export const withdrawalsQueryOptions = (filter: { status: WithdrawalStatus | undefined; page: number }) =>
  queryOptions({
    queryKey: [...withdrawalsKey, filter.status ?? 'all', filter.page] as const,
    queryFn: ({ signal }) =>
      api.get<WithdrawalPage>('/withdrawals', { query: { status: filter.status, page: filter.page, pageSize: ADMIN_WITHDRAWALS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

/** Refunds a withdrawal's lines (and delivery) through the order's refund; the lists, the order and Resumo read it again. */
export function useRefundWithdrawal(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WithdrawalRefundBody) => api.post<Withdrawal>(`/withdrawals/${id}/refund`, body),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryRoots.orders }), queryClient.invalidateQueries({ queryKey: ['admin', 'overview'] })]),
  });
}

import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Overview } from '#shared/schemas/overview.ts';
import { api } from '../../../api/client.ts';

// The dashboard's Resumo (issue #17): GET /overview?days=, PUT /overview/settings.

const overviewKey = ['admin', 'overview'] as const;

export const overviewQueryOptions = (days: number) =>
  queryOptions({
    queryKey: [...overviewKey, days] as const,
    queryFn: ({ signal }) => api.get<Overview>('/overview', { query: { days }, signal }),
    // The figures stay on screen (not a spinner) while another period loads.
    placeholderData: keepPreviousData,
  });

/** Saves the stock level the owner calls low; the figures are read again with it. */
export function useSaveLowStockThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lowStockThreshold: number) => api.put<{ message: string }>('/overview/settings', { lowStockThreshold }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: overviewKey }),
  });
}

/** Turns on or off the shop's e-mail of each new order (each paid one is always mailed). */
export function useSaveOwnerMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mailNewOrders: boolean) => api.put<{ message: string }>('/overview/settings', { mailNewOrders }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: overviewKey }),
  });
}

/** Saves the shop's withdrawal period: the storefront, the terms and the withdrawal function read it. */
export function useSaveWithdrawalDays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (withdrawalDays: number) => api.put<{ message: string }>('/overview/settings', { withdrawalDays }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: overviewKey }), queryClient.invalidateQueries({ queryKey: ['shop', 'details'] })]),
  });
}

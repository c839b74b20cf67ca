import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DiscountCode, DiscountCodeInput, DiscountCodeList } from '#shared/schemas/discounts.ts';
import { api } from '../../../api/client.ts';

// The «Códigos de desconto» tab's calls (issue #29): GET/POST /discount-code, PUT/DELETE /discount-code/:id, admin only.

const root = ['discount-codes'] as const;

export const discountCodesQuery = queryOptions({
  queryKey: root,
  queryFn: ({ signal }) => api.get<DiscountCodeList>('/discount-code', { signal }),
});

export function useSaveDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: DiscountCodeInput }) =>
      id === null ? api.post<DiscountCode>('/discount-code', body) : api.put<DiscountCode>(`/discount-code/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: root }),
  });
}

export function useDeleteDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/discount-code/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: root }),
  });
}

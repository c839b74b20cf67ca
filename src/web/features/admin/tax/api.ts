import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaxSettingBody, TaxSettings } from '#shared/schemas/tax.ts';
import { api } from '../../../api/client.ts';
import { queryRoots } from '../../../api/query-keys.ts';

// The "IVA" tab's calls (issue #29, decision 0053): GET/PUT /settings/tax, admin only.

const taxKey = ['admin', 'tax'] as const;

export const taxSettingsQuery = queryOptions({ queryKey: taxKey, queryFn: ({ signal }) => api.get<TaxSettings>('/settings/tax', { signal }) });

/** Saves a regime and region from a day on; the answer is the fresh setting, and the shop's prices are read again. */
export function useSaveTaxSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TaxSettingBody) => api.put<TaxSettings>('/settings/tax', body),
    onSuccess: async (fresh) => {
      queryClient.setQueryData(taxKey, fresh);
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['admin', 'overview'] }), queryClient.invalidateQueries({ queryKey: queryRoots.catalog })]);
    },
  });
}

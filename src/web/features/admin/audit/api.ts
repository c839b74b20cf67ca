import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditEntity, AuditPage } from '#shared/schemas/audit.ts';
import { api } from '../../../api/client.ts';

// The Registo tab (issue #17): GET /audit, read only.

export type AuditFilters = { entity?: AuditEntity | undefined; actor?: number | undefined; from?: string | undefined; to?: string | undefined; page: number };

export const auditQueryOptions = (filters: AuditFilters) =>
  queryOptions({
    queryKey: ['admin', 'audit', filters] as const,
    queryFn: ({ signal }) => api.get<AuditPage>('/audit', { query: { ...filters }, signal }),
    // The table stays (not a spinner) while another page or filter loads.
    placeholderData: keepPreviousData,
  });

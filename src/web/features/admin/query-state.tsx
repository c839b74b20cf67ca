import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../../api/client.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { RetryAlert } from '../../components/retry-alert.tsx';

/** The record id in an edit page's address (`/edit-…/:id`): a positive 32-bit integer, else null (shown as not found). */
export function recordIdFrom(param: string): number | null {
  const id = /^\d{1,10}$/.test(param) ? Number(param) : NaN;
  return Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
}

type Props<T> = {
  query: UseQueryResult<T>;
  /** The spinner's label while the data loads. */
  loadingLabel: string;
  /** The alert's text when loading fails (for any reason other than a 404 when `notFound` is given). */
  loadError: string;
  /** What a 404 shows (edit pages); without it a 404 is an ordinary load error. */
  notFound?: ReactNode;
  /** What an empty list shows (only when the data is an array); without it an empty list goes to `children`. */
  empty?: ReactNode;
  children: (data: T) => ReactNode;
};

/** A tab's list or an edit page's record while it loads: spinner, not found, an error with a retry button, the empty state, or the content. */
export function QueryState<T>({ query, loadingLabel, loadError, notFound, empty, children }: Props<T>) {
  if (query.isPending) return <PageSpinner label={loadingLabel} />;
  if (query.isError) {
    if (notFound !== undefined && query.error instanceof ApiError && query.error.status === 404) return notFound;
    return <RetryAlert message={loadError} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  if (empty !== undefined && Array.isArray(query.data) && query.data.length === 0) return empty;
  return children(query.data);
}

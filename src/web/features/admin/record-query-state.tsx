import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { ApiError } from '../../api/client.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';

/** The record id in an edit page's address (`/edit-…/:id`): a positive 32-bit integer, else null (shown as not found). */
export function recordIdFrom(param: string): number | null {
  const id = /^\d{1,10}$/.test(param) ? Number(param) : NaN;
  return Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
}

type Props<T> = {
  query: UseQueryResult<T>;
  /** The spinner's label while the record loads. */
  loadingLabel: string;
  /** The alert's text when loading fails for any reason other than a 404. */
  loadError: string;
  /** What a 404 shows. */
  notFound: ReactNode;
  children: (data: T) => ReactNode;
};

/** An edit page's body while its record loads: spinner, not found (404), an error with a retry button, or the form. */
export function RecordQueryState<T>({ query, loadingLabel, loadError, notFound, children }: Props<T>) {
  if (query.isPending) return <PageSpinner label={loadingLabel} />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return notFound;
    return (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <span>{loadError}</span>
        <Button variant="outline-danger" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
          Tentar novamente
        </Button>
      </Alert>
    );
  }
  return children(query.data);
}

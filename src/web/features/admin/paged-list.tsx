import type { ReactNode } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { PaginationNav } from '../../components/pagination-nav.tsx';

type Props = {
  /** What the page shows, in words ("1–20 de 45 encomendas", "Ainda não existem produtos."). */
  summary: string;
  /** Another page or filter is on its way: the rows shown are the last ones. */
  updating: boolean;
  /** The table, when there are rows. */
  children: ReactNode;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  pagesLabel: string;
};

/** A paged back-office list under its filters: what it shows in words (read out as it changes), the table, the pages. */
export function PagedList({ summary, updating, children, page, pages, onPage, pagesLabel }: Props) {
  return (
    <>
      <p className="small text-secondary mb-2 d-flex align-items-center gap-2" role="status">
        <span>{summary}</span>
        {updating && (
          <>
            <Spinner as="span" animation="border" size="sm" aria-hidden="true" />
            <span className="visually-hidden">A atualizar a lista...</span>
          </>
        )}
      </p>
      {children && <div aria-busy={updating}>{children}</div>}
      {pages > 1 && <PaginationNav page={page} totalPages={pages} onChange={onPage} label={pagesLabel} />}
    </>
  );
}

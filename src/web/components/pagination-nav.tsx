import type { ReactNode } from 'react';
import Pagination from 'react-bootstrap/Pagination';
import { Link } from 'react-router';

/** The page numbers to show: first, last, and the current one with its neighbours; null is a gap. */
export function pageWindow(current: number, total: number): (number | null)[] {
  const pages = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((page, i) => {
    const previous = sorted[i - 1];
    // A gap of one page shows that page rather than an ellipsis.
    if (previous !== undefined && page - previous > 1) out.push(page - previous === 2 ? previous + 1 : null);
    out.push(page);
  });
  return out;
}

type Props = {
  page: number;
  totalPages: number;
  /** The address's query for a page (`?page=2`, or '' for the first). */
  searchFor: (page: number) => string;
  onNavigate?: () => void;
  /** Extra classes for the nav, before its `mt-4`. */
  className?: string;
};

/** Server paging as links (?page=), so each page has an address, Back works and the keyboard reaches every page. */
export function PaginationNav({ page, totalPages, searchFor, onNavigate, className }: Props) {
  const link = (key: string, target: number, content: ReactNode, disabled = false) => (
    <Pagination.Item key={key} as={Link} to={{ search: searchFor(target) }} onClick={onNavigate} disabled={disabled}>
      {content}
    </Pagination.Item>
  );
  const arrow = (symbol: string, label: string) => (
    <>
      <span aria-hidden="true">{symbol}</span>
      <span className="visually-hidden">{label}</span>
    </>
  );
  const pageNumber = (p: number) => (
    <>
      <span aria-hidden="true">{p}</span>
      <span className="visually-hidden">{`Página ${p}`}</span>
    </>
  );
  return (
    <nav aria-label="Paginação" className={className ? `${className} mt-4` : 'mt-4'}>
      <Pagination className="justify-content-center flex-wrap mb-0">
        {link('anterior', page - 1, arrow('‹', 'Página anterior'), page <= 1)}
        {pageWindow(page, totalPages).map((p, i) =>
          p === null ?
            <Pagination.Item key={`gap-${i}`} disabled aria-hidden="true">
              …
            </Pagination.Item>
          : p === page ?
            <Pagination.Item key={p} active activeLabel="(página atual)" aria-current="page">
              {pageNumber(p)}
            </Pagination.Item>
          : link(String(p), p, pageNumber(p)),
        )}
        {link('seguinte', page + 1, arrow('›', 'Página seguinte'), page >= totalPages)}
      </Pagination>
    </nav>
  );
}

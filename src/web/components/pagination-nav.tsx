import type { ReactNode } from 'react';
import Pagination from 'react-bootstrap/Pagination';
import { Link } from 'react-router';

/** The page numbers to show: first, last, and the current one with two neighbours each side; null is a gap. */
export function pageWindow(current: number, total: number): (number | null)[] {
  const pages = new Set([1, total, current - 2, current - 1, current, current + 1, current + 2].filter((p) => p >= 1 && p <= total));
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

type Common = { page: number; totalPages: number };
/** The shop: each page is a link (?page=), so it has an address, Back works and the keyboard reaches it. */
type LinkMode = Common & {
  /** The address's query for a page (`?page=2`, or '' for the first). */
  searchFor: (page: number) => string;
  onNavigate?: () => void;
  /** Extra classes for the nav, before its `mt-4`. */
  className?: string;
};
/** The back office: buttons that change the list in place, named by `label`. */
type ButtonMode = Common & { onChange: (page: number) => void; label: string };

/** Server paging, one page-window rule for the shop (links) and the back office (buttons). */
export function PaginationNav(props: LinkMode | ButtonMode) {
  return 'onChange' in props ? <PageButtons {...props} /> : <PageLinks {...props} />;
}

const hiddenLabel = (shown: ReactNode, label: string) => (
  <>
    <span aria-hidden="true">{shown}</span>
    <span className="visually-hidden">{label}</span>
  </>
);

function PageLinks({ page, totalPages, searchFor, onNavigate, className }: LinkMode) {
  // A disabled item is a <span>: it gets no link's props (a `to` would be written out as "[object Object]").
  const link = (key: string, target: number, content: ReactNode, disabled = false) =>
    disabled ?
      <Pagination.Item key={key} disabled>
        {content}
      </Pagination.Item>
    : <Pagination.Item key={key} as={Link} to={{ search: searchFor(target) }} onClick={onNavigate}>
        {content}
      </Pagination.Item>;
  return (
    <nav aria-label="Paginação" className={className ? `${className} mt-4` : 'mt-4'}>
      <Pagination className="justify-content-center flex-wrap mb-0">
        {link('anterior', page - 1, hiddenLabel('‹', 'Página anterior'), page <= 1)}
        {pageWindow(page, totalPages).map((p, i) =>
          p === null ?
            <Pagination.Item key={`gap-${i}`} disabled aria-hidden="true">
              …
            </Pagination.Item>
          : p === page ?
            <Pagination.Item key={p} active activeLabel="(página atual)" aria-current="page">
              {hiddenLabel(p, `Página ${p}`)}
            </Pagination.Item>
          : link(String(p), p, hiddenLabel(p, `Página ${p}`)),
        )}
        {link('seguinte', page + 1, hiddenLabel('›', 'Página seguinte'), page >= totalPages)}
      </Pagination>
    </nav>
  );
}

function PageButtons({ page, totalPages, onChange, label }: ButtonMode) {
  return (
    <nav aria-label={label} className="mt-3">
      <ul className="pagination flex-wrap mb-0">
        <li className={`page-item${page <= 1 ? ' disabled' : ''}`}>
          <button type="button" className="page-link" onClick={() => onChange(page - 1)} disabled={page <= 1}>
            <span aria-hidden="true">‹</span> Anterior
          </button>
        </li>
        {pageWindow(page, totalPages).map((n, i) =>
          n === null ?
            <li key={`gap-${i}`} className="page-item disabled" aria-hidden="true">
              <span className="page-link">…</span>
            </li>
          : <li key={n} className={`page-item${n === page ? ' active' : ''}`}>
              <button
                type="button"
                className="page-link"
                onClick={() => onChange(n)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={`Página ${n}`}
              >
                {n}
              </button>
            </li>,
        )}
        <li className={`page-item${page >= totalPages ? ' disabled' : ''}`}>
          <button type="button" className="page-link" onClick={() => onChange(page + 1)} disabled={page >= totalPages}>
            Seguinte <span aria-hidden="true">›</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}

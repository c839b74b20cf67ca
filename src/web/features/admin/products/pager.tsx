type Props = { page: number; pages: number; onChange: (page: number) => void; label: string };

/** The page numbers to show: the first, the last and two around the current one; null is a gap. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const [i, n] of sorted.entries()) {
    const previous = sorted[i - 1];
    if (previous !== undefined && n - previous > 1) out.push(null);
    out.push(n);
  }
  return out;
}

/** Server paging with real buttons (keyboard usable); the current page is marked with aria-current. */
export function Pager({ page, pages, onChange, label }: Props) {
  return (
    <nav aria-label={label} className="mt-3">
      <ul className="pagination flex-wrap mb-0">
        <li className={`page-item${page <= 1 ? ' disabled' : ''}`}>
          <button type="button" className="page-link" onClick={() => onChange(page - 1)} disabled={page <= 1}>
            <span aria-hidden="true">‹</span> Anterior
          </button>
        </li>
        {pageWindow(page, pages).map((n, i) =>
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
        <li className={`page-item${page >= pages ? ' disabled' : ''}`}>
          <button type="button" className="page-link" onClick={() => onChange(page + 1)} disabled={page >= pages}>
            Seguinte <span aria-hidden="true">›</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}

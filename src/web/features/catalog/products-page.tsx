import './catalog.css';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type MouseEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { PaginationNav } from '../../components/pagination-nav.tsx';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { SearchSortBar } from '../../components/search-sort-bar.tsx';
import { useListParams } from '../../components/use-list-params.ts';
import { DEFAULT_SORT, PAGE_SIZE, productListQueryOptions, sortOptions, type SortValue } from './api.ts';
import { ProductCard } from './product-card.tsx';

/** storefront.md §2 and §8: what differs between /produtos and /produtos-digitais. */
type ListKind = {
  id: string;
  isDigital: boolean;
  heading: string;
  loadError: string;
  empty: string;
};

const physical: ListKind = {
  id: 'produtos',
  isDigital: false,
  heading: 'Produtos',
  loadError: 'Erro ao carregar produtos. Por favor tente novamente mais tarde.',
  empty: 'Nenhum produto encontrado. Tente ajustar os filtros de pesquisa.',
};

const digital: ListKind = {
  id: 'produtos-digitais',
  isDigital: true,
  heading: 'Produtos Digitais',
  loadError: 'Erro ao carregar produtos digitais. Por favor tente novamente mais tarde.',
  empty: 'Nenhum produto digital encontrado. Tente ajustar os filtros de pesquisa.',
};

export const SEARCH_DEBOUNCE_MS = 300;

const isSort = (value: string | null): value is SortValue => sortOptions.some((option) => option.value === value);

function ProductList({ kind }: { kind: ListKind }) {
  const { params, q, page, set, searchFor } = useListParams();
  const sortParam = params.get('sort');
  const sort: SortValue = isSort(sortParam) ? sortParam : DEFAULT_SORT;
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The search box shows what is typed; the address follows it 300 ms after the last key.
  const [draft, setDraft] = useState(q);
  // The address's q the box last followed, and the q this page itself last wrote: a change of address that
  // this page did not make (Back, a shared link) puts its q into the box; our own never overwrites typing.
  const [followed, setFollowed] = useState(q);
  const [written, setWritten] = useState<string | null>(null);
  if (q !== followed) {
    setFollowed(q);
    if (q !== written) setDraft(q);
    setWritten(null);
  }

  // History: a search adds one entry (Back returns to the list as it was); refining it while typing
  // replaces that entry rather than adding one per pause. Sort and page changes add entries too.
  const location = useLocation();
  const onSearchEntry = (location.state as { catalogSearch?: unknown } | null)?.catalogSearch === true;

  const applySearch = useCallback(
    (text: string) => {
      const value = text.trim();
      setWritten(value);
      // A new search starts at page 1.
      set({ q: value }, { replace: onSearchEntry, state: { catalogSearch: true } });
    },
    [set, onSearchEntry],
  );

  const pending = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (draft.trim() === q) return;
    const timer = window.setTimeout(() => applySearch(draft), SEARCH_DEBOUNCE_MS);
    pending.current = timer;
    return () => window.clearTimeout(timer);
  }, [draft, q, applySearch]);
  // A link clicked while a search waits wins: the search, run after, would cancel the link's navigation.
  const onClickCapture = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) window.clearTimeout(pending.current);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() !== q) applySearch(draft);
  };

  const onSort = (value: string) => {
    if (!isSort(value)) return;
    set({ sort: value });
  };

  // After choosing a page, the reader continues from the top of the list.
  const onPageNavigate = () => {
    const heading = headingRef.current;
    heading?.focus({ preventScroll: true });
    heading?.scrollIntoView?.({ block: 'start' });
  };

  const listParams = { isDigital: kind.isDigital, q, sort, page };
  const products = useQuery(productListQueryOptions(listParams));

  const data = products.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.count / PAGE_SIZE)) : 1;
  const busy = products.isPlaceholderData && products.isFetching;

  let body: ReactNode;
  if (products.isPending) {
    body = <PageSpinner label="A carregar produtos..." />;
  } else if (products.isError || !data) {
    body = <RetryAlert message={kind.loadError} onRetry={() => void products.refetch()} />;
  } else if (!products.isPlaceholderData && data.rows.length === 0 && data.count > 0 && page > totalPages) {
    // A page past the end (an old link): go to the last one.
    body = <Navigate to={{ search: searchFor(totalPages) }} replace />;
  } else if (data.rows.length === 0) {
    body = (
      <Alert variant="info" aria-live="polite">
        {kind.empty}
      </Alert>
    );
  } else {
    body = (
      <>
        <p className="text-secondary small" aria-live="polite">
          {data.count === 1 ? '1 produto encontrado' : `${data.count} produtos encontrados`}
          {totalPages > 1 && ` · página ${page} de ${totalPages}`}
          {busy && ' · a atualizar...'}
        </p>
        <Row
          as="ul"
          xs={2}
          lg={3}
          xl={4}
          className={`card-grid list-unstyled g-3 g-md-4 mb-0${busy ? ' product-grid-busy' : ''}`}
          aria-busy={busy || undefined}
        >
          {data.rows.map((product, index) => (
            <Col as="li" key={product.id}>
              <ProductCard product={product} priority={index === 0} />
            </Col>
          ))}
        </Row>
        {totalPages > 1 && (
          <PaginationNav
            page={page}
            totalPages={totalPages}
            searchFor={searchFor}
            onNavigate={onPageNavigate}
            className="catalog-pagination"
          />
        )}
      </>
    );
  }

  return (
    <Container className="py-4 py-md-5" onClickCapture={onClickCapture}>
      <h1 ref={headingRef} tabIndex={-1} className="catalog-heading h2 mb-4">
        {kind.heading}
      </h1>
      <SearchSortBar
        idPrefix={kind.id}
        placeholder="Pesquisar produtos..."
        query={draft}
        onQuery={setDraft}
        onSubmit={onSubmit}
        sort={sort}
        sortOptions={sortOptions}
        onSort={onSort}
      />
      {body}
    </Container>
  );
}

/** /produtos: the physical products. */
export function ProductsPage() {
  return <ProductList kind={physical} />;
}

/** /produtos-digitais: the digital products, same screen. */
export function DigitalProductsPage() {
  return <ProductList kind={digital} />;
}

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
import { pastLastPage, useListParams } from '../../components/use-list-params.ts';
import type { ProductList as ProductListAnswer } from '#shared/schemas/catalog.ts';
import { DEFAULT_SORT, PAGE_SIZE, productListQueryOptions, sortOptions, type SortValue } from './api.ts';
import { CollectionLinks } from './collection-links.tsx';
import { ListFiltersPanel } from './list-filters.tsx';
import { filtersFrom, type ListFilters } from './list-filters-params.ts';
import { ProductCard } from './product-card.tsx';

/** What a list's address says: search, sort, page and filters. */
export type ListState = { q: string; sort: string; page: number; filters: ListFilters };

/** storefront.md §2 and §8: what differs between /produtos, /produtos-digitais and a collection's page. */
export type ListKind = {
  id: string;
  isDigital: boolean;
  /** The heading, or how the list's answer names it (a collection's name). */
  heading: string | ((data: ProductListAnswer | undefined) => string);
  loadError: string;
  empty: string;
  /** The sorts offered, the first the default. */
  sorts?: readonly { value: string; label: string }[];
  /** /produtos lists the physical products unless the digital ones are chosen; a collection lists both. */
  defaultType?: 'fisico';
  showType?: boolean;
  showCollections?: boolean;
  /** What stands between the heading and the list (the collections' links; a collection's picture and description). */
  intro?: ReactNode | ((data: ProductListAnswer | undefined) => ReactNode);
  /** The list's query for the address's state. */
  query: (state: ListState) => ReturnType<typeof productListQueryOptions>;
};

const catalogList = (isDigital: boolean) => (state: ListState) =>
  productListQueryOptions({ isDigital, q: state.q, sort: state.sort as SortValue, page: state.page, filters: state.filters });

const physical: ListKind = {
  id: 'produtos',
  isDigital: false,
  defaultType: 'fisico',
  query: catalogList(false),
  intro: <CollectionLinks />,
  heading: 'Produtos',
  loadError: 'Erro ao carregar produtos. Por favor tente novamente mais tarde.',
  empty: 'Nenhum produto encontrado. Tente ajustar os filtros de pesquisa.',
};

const digital: ListKind = {
  id: 'produtos-digitais',
  isDigital: true,
  showType: false,
  query: catalogList(true),
  heading: 'Produtos Digitais',
  loadError: 'Erro ao carregar produtos digitais. Por favor tente novamente mais tarde.',
  empty: 'Nenhum produto digital encontrado. Tente ajustar os filtros de pesquisa.',
};

export const SEARCH_DEBOUNCE_MS = 300;

/** A product list: search, sort, filters and pages in the address, rendered by the server with its results. */
export function ProductList({ kind }: { kind: ListKind }) {
  const { params, q, page, set, searchFor } = useListParams();
  const sorts = kind.sorts ?? sortOptions;
  const isSort = (value: string | null): value is string => sorts.some((option) => option.value === value);
  const sortParam = params.get('sort');
  const sort = isSort(sortParam) ? sortParam : (sorts[0]?.value ?? DEFAULT_SORT);
  const filters = filtersFrom(params);
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

  const products = useQuery(kind.query({ q, sort, page, filters }));

  const data = products.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.count / PAGE_SIZE)) : 1;
  const busy = products.isPlaceholderData && products.isFetching;

  let body: ReactNode;
  if (products.isPending) {
    body = <PageSpinner label="A carregar produtos..." />;
  } else if (products.isError || !data) {
    body = <RetryAlert message={kind.loadError} onRetry={() => void products.refetch()} />;
  } else if (pastLastPage(page, { placeholder: products.isPlaceholderData, rows: data.rows.length, total: data.count })) {
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
          xxl={4}
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
        {typeof kind.heading === 'function' ? kind.heading(data) : kind.heading}
      </h1>
      {typeof kind.intro === 'function' ? kind.intro(data) : kind.intro}
      <SearchSortBar
        idPrefix={kind.id}
        search={{ placeholder: 'Pesquisar produtos...', value: draft, onChange: setDraft, onSubmit }}
        sort={{ value: sort, options: sorts, onChange: onSort }}
      />
      <Row className="g-4">
        <Col lg={3} as="aside" aria-label="Filtros da lista">
          <ListFiltersPanel
            filters={filters}
            facets={data?.facets}
            count={data?.count}
            defaultType={kind.defaultType}
            showType={kind.showType}
            showCollections={kind.showCollections}
            onChange={(changes) => set(changes)}
          />
        </Col>
        <Col lg={9}>{body}</Col>
      </Row>
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

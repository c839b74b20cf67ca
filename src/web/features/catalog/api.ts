import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Product, ProductList } from '#shared/schemas/catalog.ts';
import type { Collection, CollectionPage } from '#shared/schemas/collections.ts';
import { eurosForApi } from '#shared/money.ts';
import { pageFrom } from '../../components/use-list-params.ts';
import { filtersFrom, type ListFilters, NO_FILTERS } from './list-filters-params.ts';
import { api } from '../../api/client.ts';
import { queryRoots } from '../../api/query-keys.ts';

/** storefront.md §2: the two sort options of the product lists; the first is the default. */
export const sortOptions = [
  { value: 'price_asc', label: 'Preço: mais baixo primeiro', order: 'asc' },
  { value: 'price_desc', label: 'Preço: mais alto primeiro', order: 'desc' },
] as const;
export type SortValue = (typeof sortOptions)[number]['value'];
export const DEFAULT_SORT: SortValue = 'price_asc';
export const PAGE_SIZE = 12;

/** A collection's page may also keep the collection's own order (its default). */
export const collectionSortOptions = [{ value: 'colecao', label: 'Ordem da coleção', order: 'asc' }, ...sortOptions] as const;
export type CollectionSortValue = (typeof collectionSortOptions)[number]['value'];

/** A list as its address holds it; `filters` are the ones a shopper chooses (issue #30). */
export type ListParams = { isDigital: boolean; q: string; sort: SortValue; page: number; filters?: ListFilters };

/** Storefront keys under the catalogue's root, so an admin edit or an order refreshes lists and details alike. */
export const catalogKeys = {
  list: (params: ListParams) => [...queryRoots.catalog, 'list', params] as const,
  detail: (id: string) => [...queryRoots.catalog, 'detail', id] as const,
  collections: () => [...queryRoots.catalog, 'collections'] as const,
  collection: (slug: string, params: CollectionParams) => [...queryRoots.catalog, 'collection', slug, params] as const,
};

/** The filters but the type as the API names them: prices in euros with a dot, availability, collection. */
function filterQuery(filters: ListFilters) {
  return {
    minPrice: filters.precoMin ? eurosForApi(filters.precoMin) : undefined,
    maxPrice: filters.precoMax ? eurosForApi(filters.precoMax) : undefined,
    inStock: filters.disponivel ? 1 : undefined,
    collection: filters.colecao || undefined,
  };
}

/**
 * Search, sort, filters and paging are done by the server (ARCHITECTURE.md). /produtos lists the physical
 * products (storefront.md: isDigital=false) unless the shopper chooses the digital ones (tipo=digital).
 */
export function fetchProducts({ isDigital, q, sort, page, filters = NO_FILTERS }: ListParams, signal?: AbortSignal): Promise<ProductList> {
  const order = sortOptions.find((option) => option.value === sort)?.order ?? 'asc';
  return api.get<ProductList>('/product', {
    query: { sortBy: 'price', order, isDigital: isDigital || filters.tipo === 'digital', ...filterQuery(filters), q: q || undefined, page, pageSize: PAGE_SIZE },
    signal,
  });
}

export type CollectionParams = { q: string; sort: CollectionSortValue; page: number; filters: ListFilters };

export function fetchCollectionPage(slug: string, { q, sort, page, filters }: CollectionParams, signal?: AbortSignal): Promise<CollectionPage> {
  const chosen = sortOptions.find((option) => option.value === sort);
  return api.get<CollectionPage>(`/collection/${encodeURIComponent(slug)}`, {
    query: {
      ...(chosen ? { sortBy: 'price', order: chosen.order } : {}),
      type: filters.tipo === 'digital' ? 'digital' : filters.tipo === 'fisico' ? 'physical' : undefined,
      ...filterQuery(filters),
      q: q || undefined,
      page,
      pageSize: PAGE_SIZE,
    },
    signal,
  });
}

/** A collection page's list as its address says it (the page and its loader read it alike). */
export function collectionParamsFrom(params: URLSearchParams): CollectionParams {
  const sort = params.get('sort');
  return {
    q: (params.get('q') ?? '').trim(),
    sort: collectionSortOptions.find((option) => option.value === sort)?.value ?? 'colecao',
    page: pageFrom(params.get('page')),
    filters: filtersFrom(params),
  };
}

export const collectionPageQueryOptions = (slug: string, params: CollectionParams) =>
  queryOptions({
    queryKey: catalogKeys.collection(slug, params),
    queryFn: ({ signal }) => fetchCollectionPage(slug, params, signal),
    placeholderData: keepPreviousData,
  });

/** The published collections (the list page's links, the home page's chosen one). */
export const collectionsQueryOptions = queryOptions({
  queryKey: catalogKeys.collections(),
  queryFn: ({ signal }) => api.get<Collection[]>('/collection', { signal }),
  staleTime: 60_000,
});

export function fetchProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return api.get<Product>(`/product/${encodeURIComponent(id)}`, { signal });
}

export const productListQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: catalogKeys.list(params),
    queryFn: ({ signal }) => fetchProducts(params, signal),
    // The grid stays while the next search, sort or page loads.
    placeholderData: keepPreviousData,
  });

export const productPageQueryOptions = (id: string) =>
  queryOptions({ queryKey: catalogKeys.detail(id), queryFn: ({ signal }) => fetchProduct(id, signal) });

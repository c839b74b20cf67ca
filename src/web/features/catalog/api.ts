import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Product, ProductList } from '#shared/schemas/catalog.ts';
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

export type ListParams = { isDigital: boolean; q: string; sort: SortValue; page: number };

/** Storefront keys under the catalogue's root, so an admin edit or an order refreshes lists and details alike. */
export const catalogKeys = {
  list: (params: ListParams) => [...queryRoots.catalog, 'list', params] as const,
  detail: (id: string) => [...queryRoots.catalog, 'detail', id] as const,
};

/** Search, sort and paging are done by the server (ARCHITECTURE.md). */
export function fetchProducts({ isDigital, q, sort, page }: ListParams, signal?: AbortSignal): Promise<ProductList> {
  const order = sortOptions.find((option) => option.value === sort)?.order ?? 'asc';
  return api.get<ProductList>('/product', {
    query: { sortBy: 'price', order, isDigital, q: q || undefined, page, pageSize: PAGE_SIZE },
    signal,
  });
}

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

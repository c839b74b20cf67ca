import { hashKey, keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductList } from '#shared/schemas/catalog.ts';
import type { RestockWaiting } from '#shared/schemas/restock.ts';
import { api, ApiError } from '../../../api/client.ts';
import { queryRoots } from '../../../api/query-keys.ts';

// Admin products API (backoffice.md §7): GET/POST /product, GET/PUT/DELETE /product/:id. Writes are admin only
// (checked on the server); as an admin the answers include the digital access link.

/** Admin product queries live under the catalogue's root, with the storefront's: one invalidation refreshes both. */
export const productsQueryKey = [...queryRoots.catalog, 'admin'] as const;
export const productQueryKey = (id: number) => [...productsQueryKey, 'detail', id] as const;

/** One page of the admin list: display order first (the shop's order), searched and paged on the server. */
export const PRODUCTS_PAGE_SIZE = 50;
export type ProductListParams = { q: string; page: number };

export const getProducts = ({ q, page }: ProductListParams, signal?: AbortSignal) =>
  api.get<ProductList>('/product', {
    query: { sortBy: 'order', order: 'asc', q: q.trim() || undefined, page, pageSize: PRODUCTS_PAGE_SIZE },
    signal,
  });
export const productsQueryOptions = (params: ProductListParams) =>
  queryOptions({
    queryKey: [...productsQueryKey, 'list', params] as const,
    queryFn: ({ signal }) => getProducts(params, signal),
    // The table stays in place (not a spinner) while the next page or search loads.
    placeholderData: keepPreviousData,
  });

export const getProduct = (id: number, signal?: AbortSignal) => api.get<Product>(`/product/${id}`, { signal });
export const productQueryOptions = (id: number) =>
  queryOptions({ queryKey: productQueryKey(id), queryFn: ({ signal }) => getProduct(id, signal) });

/** Who waits for the product's return (issue #30): asked again whenever the product's queries are refreshed. */
export const restockWaitingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...productQueryKey(id), 'restock-waiting'] as const,
    queryFn: ({ signal }) => api.get<RestockWaiting>(`/product/${id}/restock-alert`, { signal }),
  });

/** The product form as multipart (text fields, JSON lists and the `images` files). */
export const createProduct = (form: FormData) => api.post<Product>('/product', form);
export const updateProduct = (id: number, form: FormData) => api.put<Product>(`/product/${id}`, form);
export const deleteProduct = (id: number) => api.delete<{ message: string }>(`/product/${id}`);

/** After a save or a delete every catalogue query (storefront, home, back office) is stale. */
function useRefreshProducts() {
  const queryClient = useQueryClient();
  /** `fresh`: the detail just written into the cache, which needs no second request. */
  return (fresh?: readonly unknown[]) =>
    queryClient.invalidateQueries({
      queryKey: queryRoots.catalog,
      predicate: (query) => !(fresh && query.queryHash === hashKey(fresh)),
    });
}

/** Creates (no id) or updates (id) a product; every product list is stale afterwards either way. */
export function useSaveProduct(id: number | undefined) {
  const queryClient = useQueryClient();
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: (form: FormData) => (id === undefined ? createProduct(form) : updateProduct(id, form)),
    onSuccess: async (product) => {
      queryClient.setQueryData(productQueryKey(product.id), product);
      await refresh(productQueryKey(product.id));
    },
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: productQueryKey(id) });
      return refresh();
    },
    // Someone else deleted it first: the list is out of date, refresh it under the message.
    onError: (err) => {
      if (err instanceof ApiError && err.status === 404) void refresh();
    },
  });
}

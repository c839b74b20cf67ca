import { queryOptions } from '@tanstack/react-query';
import type { MediaImage, ProductList } from '#shared/schemas/catalog.ts';
import { api, ApiError } from '../../api/client.ts';
import { queryRoots } from '../../api/query-keys.ts';
import type { CollectionParams } from '../catalog/api.ts';

/** backoffice.md §9: the home page shows 3 products and 3 services. */
export const HOME_ITEMS = 3;

/** The chosen collection's first page as its own page asks for it (one answer for both): its order, no filter. */
export const HOME_COLLECTION_PARAMS = { q: '', sort: 'colecao', page: 1, filters: {} } as const satisfies CollectionParams;

/** storefront.md §2: the hero image is the media library's image named 'Sobre'. */
export const ABOUT_IMAGE_NAME = 'Sobre';

/** The first products by the shop's display order (under the catalogue's root: an admin edit refreshes it too). */
export const featuredProductsQuery = queryOptions({
  queryKey: [...queryRoots.catalog, 'home', HOME_ITEMS] as const,
  queryFn: ({ signal }) =>
    api.get<ProductList>('/product', { query: { sortBy: 'order', order: 'asc', page: 1, pageSize: HOME_ITEMS }, signal }),
});

/** The 'Sobre' image, or null when the library has none (the hero then shows no image). */
export const aboutImageQuery = queryOptions({
  queryKey: ['media', 'name', ABOUT_IMAGE_NAME] as const,
  queryFn: async ({ signal }) => {
    try {
      return await api.get<MediaImage>(`/image/name/${ABOUT_IMAGE_NAME}`, { signal });
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return null;
      throw err;
    }
  },
  staleTime: 5 * 60_000,
});

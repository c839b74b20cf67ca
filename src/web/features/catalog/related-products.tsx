import { useQuery } from '@tanstack/react-query';
import type { Product } from '#shared/schemas/catalog.ts';
import { DEFAULT_SORT, productListQueryOptions } from './api.ts';
import { isAvailable } from './catalog-ui.tsx';
import { ProductCard } from './product-card.tsx';

export const RELATED_COUNT = 4;
export const RELATED_HEADING = 'Também pode gostar';

/**
 * Up to four other products of the same kind that can be bought, those nearest in price first (shown in price order). They come
 * from the first page of the product list the customer browses (/produtos or /produtos-digitais): the same
 * request, so the same cached answer on the server and, after the list, no request at all in the browser.
 */
export function relatedProducts(product: Pick<Product, 'id' | 'price'>, candidates: readonly Product[]): Product[] {
  return candidates
    // Only what can be bought now: a suggestion the customer cannot take is a dead end.
    .filter((other) => other.id !== product.id && isAvailable(other))
    .map((other, position) => ({ other, position, distance: Math.abs(other.price - product.price) }))
    .sort((a, b) => a.distance - b.distance || a.position - b.position)
    .slice(0, RELATED_COUNT)
    .sort((a, b) => a.position - b.position)
    .map(({ other }) => other);
}

/** 'Também pode gostar': shown with the shop's product cards; nothing at all when there is nothing to show. */
export function RelatedProducts({ product }: { product: Product }) {
  const list = useQuery(productListQueryOptions({ isDigital: product.isDigital, q: '', sort: DEFAULT_SORT, page: 1 }));
  const related = list.data ? relatedProducts(product, list.data.rows) : [];
  if (related.length === 0) return null;
  return (
    <section aria-labelledby="related-heading">
      <h2 id="related-heading" className="h4 mb-3">
        {RELATED_HEADING}
      </h2>
      <ul className="card-grid list-unstyled row row-cols-2 row-cols-lg-4 g-3 g-md-4 mb-0">
        {related.map((other) => (
          <li key={other.id} className="col">
            <ProductCard product={other} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}

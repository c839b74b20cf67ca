// Test helpers for the catalogue screens (not a test file itself): product data and the catalogue routes.
import { paths } from '#shared/paths.ts';
import { renderRoutes, standIn } from '../../test/harness.tsx';
import { ProductPage } from './product-page.tsx';
import { DigitalProductsPage, ProductsPage } from './products-page.tsx';

export { type FakeCall, fakeApi, userFactory } from '../../test/harness.tsx';
export { catalogImage as image, productFactory, shopDetailsFactory, variantFactory } from '../../test/factories.ts';




/**
 * jsdom has no matchMedia; the lists' filter drawer asks it whether the screen is wide (React-Bootstrap's
 * responsive Offcanvas). Answered as a desktop: the filters stand beside the list.
 */
function desktopMedia() {
  if (typeof window.matchMedia === 'function') return;
  window.matchMedia = (query: string) =>
    ({ matches: /min-width/.test(query), media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList;
}

export const renderCatalog = (initialEntry: string) => {
  desktopMedia();
  return renderRoutes(
    [
      standIn(paths.home, 'Página inicial'),
      { path: paths.products, element: <ProductsPage /> },
      { path: paths.digitalProducts, element: <DigitalProductsPage /> },
      { path: paths.product.pattern, element: <ProductPage /> },
      standIn(paths.cart, 'Página do carrinho'),
      standIn(paths.adminEditProduct.pattern, 'Editar produto'),
    ],
    initialEntry,
  );
};

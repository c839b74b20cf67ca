// Test helpers for the catalogue screens (not a test file itself): product data and the catalogue routes.
import { paths } from '#shared/paths.ts';
import { renderRoutes, standIn } from '../../test/harness.tsx';
import { ProductPage } from './product-page.tsx';
import { DigitalProductsPage, ProductsPage } from './products-page.tsx';

export { type FakeCall, fakeApi, userFactory } from '../../test/harness.tsx';
export { catalogImage as image, productFactory, variantFactory } from '../../test/factories.ts';




export const renderCatalog = (initialEntry: string) =>
  renderRoutes(
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

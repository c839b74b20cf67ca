// Test helpers for the catalogue screens (not a test file itself): product data and the catalogue routes.
import type { ImageRef, Product, Variant } from '#shared/schemas/catalog.ts';
import { paths } from '../../paths.ts';
import { renderRoutes, standIn } from '../../test/harness.tsx';
import { ProductPage } from './product-page.tsx';
import { DigitalProductsPage, ProductsPage } from './products-page.tsx';

export { type FakeCall, fakeApi, userFactory } from '../../test/harness.tsx';

export const image = (id: number): ImageRef => ({
  id,
  src: `/media/p${id}-1024.webp`,
  srcset: `/media/p${id}-320.webp 320w, /media/p${id}-1024.webp 1024w`,
  thumbnail: `/media/p${id}-thumb.webp`,
  width: 1024,
  height: 768,
});

export const variantFactory = (overrides: Partial<Variant> = {}): Variant => ({
  id: 1,
  name: 'Azul',
  price: 10,
  stock: 5,
  sku: null,
  ...overrides,
});

export const productFactory = (overrides: Partial<Product> = {}): Product => ({
  id: 1,
  name: 'Caixa organizadora',
  description: 'Uma caixa para arrumar.',
  price: 12.5,
  stock: 3,
  isDigital: false,
  order: 0,
  hasVariants: false,
  variants: [],
  images: [image(1)],
  createdAt: '2025-03-05T10:00:00.000Z',
  updatedAt: '2025-03-05T10:00:00.000Z',
  ...overrides,
});

export const renderCatalog = (initialEntry: string) =>
  renderRoutes(
    [
      standIn(paths.home, 'Página inicial'),
      { path: paths.products, element: <ProductsPage /> },
      { path: paths.digitalProducts, element: <DigitalProductsPage /> },
      { path: '/produtos/:id', element: <ProductPage /> },
      standIn(paths.cart, 'Página do carrinho'),
      standIn('/admin-dashboard/edit-product/:id', 'Editar produto'),
    ],
    initialEntry,
  );

// Test helpers for the product and media screens (not a test file itself): product data, the product routes
// and the multipart bodies among the fake API's calls.
import type { ImageRef, Product } from '#shared/schemas/catalog.ts';
import { paths } from '../../../paths.ts';
import type { FakeCall } from '../../../test/harness.tsx';
import { renderAdminRoutes } from '../admin-test-utils.tsx';
import { ProductFormPage } from './product-form-page.tsx';

export const imageFactory = (id: number): ImageRef => ({
  id,
  src: `/api/images/${id}/abcdefabcdef/640.webp`,
  srcset: `/api/images/${id}/abcdefabcdef/640.webp 640w`,
  thumbnail: `/api/images/${id}/abcdefabcdef/thumb.webp`,
  width: 800,
  height: 600,
});

export const productFactory = (overrides: Partial<Product> = {}): Product => ({
  id: 5,
  name: 'Caixa organizadora',
  description: 'Caixa de cartão reciclado.',
  price: 12.5,
  stock: 7,
  isDigital: false,
  order: 1,
  hasVariants: false,
  variants: [],
  images: [],
  link: null,
  createdAt: '2025-03-05T10:00:00.000Z',
  updatedAt: '2025-03-05T10:00:00.000Z',
  ...overrides,
});

/** The multipart bodies among the calls fakeApi recorded. */
export const formsOf = (sent: readonly FakeCall[]) =>
  sent.flatMap(({ method, path, form }) => (form ? [{ method, path, form }] : []));

/** The text fields of a sent form as an object (files left out). */
export const textFields = (form: FormData) =>
  Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string'));

export const renderProductRoutes = (initialEntry: string) =>
  renderAdminRoutes(<ProductFormPage />, paths.adminCreateProduct, '/admin-dashboard/edit-product/:id', initialEntry);

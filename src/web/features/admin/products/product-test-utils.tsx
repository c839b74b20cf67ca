// Test helpers for the product and media screens (not a test file itself): product data, the product routes
// and the multipart bodies among the fake API's calls.
import { paths } from '#shared/paths.ts';
import type { FakeCall } from '../../../test/harness.tsx';
import { renderAdminRoutes } from '../admin-test-utils.tsx';
import { ProductFormPage } from './product-form-page.tsx';

export { adminProductFactory as productFactory, uploadedImageFactory as imageFactory, variantProductFactory } from '../../../test/factories.ts';



/** The multipart bodies among the calls fakeApi recorded. */
export const formsOf = (sent: readonly FakeCall[]) =>
  sent.flatMap(({ method, path, form }) => (form ? [{ method, path, form }] : []));

/** The text fields of a sent form as an object (files left out). */
export const textFields = (form: FormData) =>
  Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string'));

export const renderProductRoutes = (initialEntry: string) =>
  renderAdminRoutes(<ProductFormPage />, paths.adminCreateProduct, paths.adminEditProduct.pattern, initialEntry);

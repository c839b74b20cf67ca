import { catalogMessages } from '#shared/schemas/catalog.ts';
import { RecordFormPage, type RecordKind } from '../record-form-page.tsx';
import { productQueryOptions } from './api.ts';
import { ProductForm } from './product-form.tsx';
import { RestockWaitingNote } from './restock-waiting-note.tsx';

const product: RecordKind = { one: 'produto', many: 'produtos', list: 'products', width: '52rem', loadError: 'Erro ao carregar produtos.', notFound: catalogMessages.productNotFound };

/** /admin-dashboard/create-product and /admin-dashboard/edit-product/:id (backoffice.md §2): on an edit, who waits for its return first. */
export function ProductFormPage() {
  return (
    <RecordFormPage
      kind={product}
      query={productQueryOptions}
      form={(record) => (
        <>
          {record && <RestockWaitingNote product={record} />}
          <ProductForm product={record} />
        </>
      )}
    />
  );
}

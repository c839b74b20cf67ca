import { catalogMessages } from '#shared/schemas/catalog.ts';
import { RecordFormPage } from '../record-form-page.tsx';
import { productQueryOptions } from './api.ts';
import { ProductForm } from './product-form.tsx';
import { RestockWaitingNote } from './restock-waiting-note.tsx';
import { adminListHref } from '../admin-tabs.ts';

/** /admin-dashboard/create-product and /admin-dashboard/edit-product/:id (backoffice.md §2). */
export function ProductFormPage() {
  return (
    <RecordFormPage
      width="52rem"
      create={{ title: 'Novo produto', description: 'Criar um novo produto da loja.', form: <ProductForm /> }}
      edit={{
        title: 'Editar produto',
        description: 'Editar os dados, variantes e imagens de um produto.',
        query: productQueryOptions,
        loadingLabel: 'A carregar produto...',
        loadError: 'Erro ao carregar produtos.',
        form: (product) => (
          <>
            <RestockWaitingNote product={product} />
            <ProductForm product={product} />
          </>
        ),
      }}
      notFound={{ message: catalogMessages.productNotFound, listHref: adminListHref('products'), listLabel: 'Voltar à lista de produtos' }}
    />
  );
}

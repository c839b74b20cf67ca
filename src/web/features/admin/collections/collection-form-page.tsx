import { collectionMessages } from '#shared/schemas/collections.ts';
import { adminListHref } from '../admin-tabs.ts';
import { RecordFormPage } from '../record-form-page.tsx';
import { adminCollectionQueryOptions } from './api.ts';
import { CollectionForm } from './collection-form.tsx';

/** /admin-dashboard/create-collection and /admin-dashboard/edit-collection/:id (issue #30). */
export function CollectionFormPage() {
  return (
    <RecordFormPage
      width="52rem"
      create={{ title: 'Nova coleção', description: 'Criar uma nova coleção de produtos.', form: <CollectionForm /> }}
      edit={{
        title: 'Editar coleção',
        description: 'Editar uma coleção e os seus produtos.',
        query: adminCollectionQueryOptions,
        loadingLabel: 'A carregar coleção...',
        loadError: 'Erro ao carregar a coleção.',
        form: (collection) => <CollectionForm collection={collection} />,
      }}
      notFound={{ message: collectionMessages.notFound, listHref: adminListHref('collections'), listLabel: 'Voltar à lista de coleções' }}
    />
  );
}

import { collectionMessages } from '#shared/schemas/collections.ts';
import { RecordFormPage, type RecordKind } from '../record-form-page.tsx';
import { adminCollectionQueryOptions } from './api.ts';
import { CollectionForm } from './collection-form.tsx';

const collection: RecordKind = { one: 'coleção', many: 'coleções', feminine: true, list: 'collections', width: '52rem', loadError: 'Erro ao carregar a coleção.', notFound: collectionMessages.notFound };

/** /admin-dashboard/create-collection and /admin-dashboard/edit-collection/:id (issue #30). */
export function CollectionFormPage() {
  return <RecordFormPage kind={collection} query={adminCollectionQueryOptions} form={(record) => <CollectionForm collection={record} />} />;
}

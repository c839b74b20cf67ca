import { serviceMessages } from '#shared/schemas/services.ts';
import { RecordFormPage, type RecordKind } from '../record-form-page.tsx';
import { serviceQueryOptions } from './api.ts';
import { ServiceForm } from './service-form.tsx';

const service: RecordKind = { one: 'serviço', many: 'serviços', list: 'services', width: '52rem', loadError: serviceMessages.loadError, notFound: serviceMessages.notFound };

/** /admin-dashboard/create-service and /admin-dashboard/edit-service/:id (backoffice.md §2). */
export function ServiceFormPage() {
  return <RecordFormPage kind={service} query={serviceQueryOptions} form={(record) => <ServiceForm service={record} />} />;
}

import { serviceMessages } from '#shared/schemas/services.ts';
import { RecordFormPage } from '../record-form-page.tsx';
import { serviceQueryOptions } from './api.ts';
import { ServiceForm } from './service-form.tsx';
import { adminListHref } from '../admin-tabs.ts';

/** /admin-dashboard/create-service and /admin-dashboard/edit-service/:id (backoffice.md §2). */
export function ServiceFormPage() {
  return (
    <RecordFormPage
      width="52rem"
      create={{ title: 'Novo serviço', description: 'Criar um novo serviço da loja.', form: <ServiceForm /> }}
      edit={{
        title: 'Editar serviço',
        description: 'Editar os dados e a imagem de um serviço.',
        query: serviceQueryOptions,
        loadingLabel: 'A carregar serviço...',
        loadError: serviceMessages.loadError,
        form: (service) => <ServiceForm service={service} />,
      }}
      notFound={{ message: serviceMessages.notFound, listHref: adminListHref('services'), listLabel: 'Voltar à lista de serviços' }}
    />
  );
}

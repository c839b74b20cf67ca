import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
import { serviceMessages, type Service } from '#shared/schemas/services.ts';
import { ApiError } from '../../../api/client.ts';
import { fieldId, FormField } from '../../../components/form/field.tsx';
import { useServerForm } from '../../../components/form/use-server-form.ts';
import { FormActions } from '../form-actions.tsx';
import { useDeleteService, useSaveService } from './api.ts';
import { serviceFormData, serviceFormDefaults, serviceFormResolver } from './service-form-values.ts';
import { ServiceImageField, useServiceImage } from './service-image-field.tsx';
import { adminListHref } from '../admin-tabs.ts';
import type { TabNotice } from '../notice-alert.tsx';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { useConfirmDelete } from '../../../components/use-confirm-delete.ts';

const textFields = ['name', 'description', 'short_description', 'order', 'schedule_link', 'price'] as const;
type TextField = (typeof textFields)[number];

/**
 * The admin service form (backoffice.md §2, §5, §8): create when no service is given, edit otherwise.
 * Messages show only after a submit attempt failed (react-hook-form checks on submit, then as the admin types).
 */
export function ServiceForm({ service }: { service?: Service }) {
  const navigate = useNavigate();
  const save = useSaveService(service?.id);
  const remove = useDeleteService();
  const image = useServiceImage(service?.image ?? null);
  const { form, error: failure, submit } = useServerForm(serviceFormResolver, serviceFormDefaults(service), {
    // A 400 names its fields: each message goes under its input, the first one gets the focus; the alert says the save failed.
    accept: textFields,
    fallback: () => serviceMessages.saveError,
    alertWithFields: true,
  });

  const text = (name: TextField) => ({ id: fieldId('service', name), registration: form.register(name), error: form.formState.errors[name]?.message });

  const onSubmit = submit(async (values) => {
    try {
      await save.mutateAsync(serviceFormData(values, { file: image.file, removeCurrent: image.removeCurrent }));
    } catch (err) {
      // The picture is not a registered field: its message goes to the picture's control.
      const problem = err instanceof ApiError ? err.fields?.image : undefined;
      if (problem) image.setProblem(problem);
      throw err;
    }
    await navigate(adminListHref('services'), { state: { notice: service ? 'Serviço guardado.' : 'Serviço criado.' } satisfies TabNotice });
  });

  const confirm = useConfirmDelete<Service, number, { message: string }>(remove, {
    keyOf: (record) => record.id,
    failed: () => serviceMessages.deleteError,
    onDeleted: () => navigate(adminListHref('services'), { state: { notice: serviceMessages.deleted } satisfies TabNotice }),
  });

  const saving = save.isPending;
  return (
    <>
      <Form noValidate onSubmit={onSubmit} aria-busy={saving}>
        <FormField label="Nome" autoComplete="off" maxLength={200} {...text('name')} />

        <FormField label="Descrição" as="textarea" rows={6} maxLength={10_000} {...text('description')} />

        <FormField label="Descrição curta" as="textarea" rows={2} maxLength={500} help="Opcional. Os cartões da lista de serviços mostram os primeiros 80 caracteres." {...text('short_description')} />

        <FormField label="Ordem" type="number" inputMode="numeric" min={0} step={1} style={{ maxWidth: '12rem' }} help="Os números mais baixos aparecem primeiro." {...text('order')} />

        <FormField label="Link do calendário" type="url" inputMode="url" autoComplete="off" placeholder="https://" maxLength={2000} help="A página de marcações (Calendly, Google Agenda...) que o botão Agendar abre." {...text('schedule_link')} />

        <FormField className="mb-4" label="Preço indicativo (€)" inputMode="decimal" autoComplete="off" style={{ maxWidth: '12rem' }} help="Opcional. Aparece na página do serviço e nos resultados dos motores de pesquisa." {...text('price')} />

        <ServiceImageField image={image} serviceName={service?.name ?? ''} disabled={saving} />

        {failure && <Alert variant="danger">{failure}</Alert>}

        <FormActions
          saving={saving}
          cancelHref={adminListHref('services')}
          onDelete={
service ? () => confirm.ask(service) : undefined
          }
        />
      </Form>

      <ConfirmDeleteModal {...confirm.modal} title="Eliminar serviço" question={
          <>
            {serviceMessages.confirmDelete}
            <strong className="d-block text-break mt-2">{service?.name}</strong>
          </>
        } />
    </>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { serviceMessages, type Service } from '#shared/schemas/services.ts';
import { ApiError } from '../../../api/client.ts';
import { FormActions } from '../form-actions.tsx';
import { useDeleteService, useSaveService } from './api.ts';
import { DeleteServiceModal } from './delete-service-modal.tsx';
import { describeField, FieldError, fieldId } from './service-field.tsx';
import { serviceFormData, serviceFormDefaults, serviceFormSchema, type ServiceFormValues } from './service-form-schema.ts';
import { ServiceImageField, useServiceImage } from './service-image-field.tsx';
import { servicesListHref } from './service-paths.ts';
import type { ServicesNotice } from './services-tab.tsx';

const textFields = ['name', 'description', 'short_description', 'order', 'schedule_link', 'price'] as const;
type TextField = (typeof textFields)[number];
const isTextField = (name: string): name is TextField => (textFields as readonly string[]).includes(name);

/**
 * The admin service form (backoffice.md §2, §5, §8): create when no service is given, edit otherwise.
 * Messages show only after a submit attempt failed (react-hook-form checks on submit, then as the admin types).
 */
export function ServiceForm({ service }: { service?: Service }) {
  const navigate = useNavigate();
  const save = useSaveService(service?.id);
  const remove = useDeleteService();
  const image = useServiceImage(service?.image ?? null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ServiceFormValues>({ resolver: zodResolver(serviceFormSchema), defaultValues: serviceFormDefaults(service) });

  const text = (name: TextField, helpId?: string) => ({ id: fieldId(name), ...register(name), ...describeField(name, errors[name]?.message, helpId) });

  const onSubmit = handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        await save.mutateAsync(serviceFormData(values, { file: image.file, removeCurrent: image.removeCurrent }));
        navigate(servicesListHref, { state: { notice: service ? 'Serviço guardado.' : 'Serviço criado.' } satisfies ServicesNotice });
      } catch (err) {
        // A 400 names its fields: each message goes under its input, the first one gets the focus.
        let focused = false;
        for (const [key, message] of Object.entries(err instanceof ApiError ? (err.fields ?? {}) : {})) {
          if (isTextField(key)) {
            setError(key, { type: 'server', message }, { shouldFocus: !focused });
            focused = true;
          } else if (key === 'image') {
            image.setProblem(message);
          }
        }
        setFailure(serviceMessages.saveError);
      }
    },
    () => setFailure(null),
  );

  const confirmDelete = () => {
    if (!service) return;
    remove.mutate(service.id, {
      onSuccess: () => {
        setConfirmOpen(false);
        navigate(servicesListHref, { state: { notice: serviceMessages.deleted } satisfies ServicesNotice });
      },
    });
  };

  const saving = save.isPending;
  return (
    <>
      <Form noValidate onSubmit={onSubmit} aria-busy={saving}>
        <Form.Group className="mb-3">
          <Form.Label htmlFor={fieldId('name')}>Nome</Form.Label>
          <Form.Control type="text" autoComplete="off" maxLength={200} {...text('name')} />
          <FieldError name="name" error={errors.name?.message} />
        </Form.Group>

        <Form.Group className="mb-3">
          <Form.Label htmlFor={fieldId('description')}>Descrição</Form.Label>
          <Form.Control as="textarea" rows={6} maxLength={10_000} {...text('description')} />
          <FieldError name="description" error={errors.description?.message} />
        </Form.Group>

        <Form.Group className="mb-3">
          <Form.Label htmlFor={fieldId('short_description')}>Descrição curta</Form.Label>
          <Form.Control as="textarea" rows={2} maxLength={500} {...text('short_description', 'service-short-help')} />
          <FieldError name="short_description" error={errors.short_description?.message} />
          <Form.Text id="service-short-help">Opcional. Os cartões da lista de serviços mostram os primeiros 80 caracteres.</Form.Text>
        </Form.Group>

        <Form.Group className="mb-3">
          <Form.Label htmlFor={fieldId('order')}>Ordem</Form.Label>
          <Form.Control type="number" inputMode="numeric" min={0} step={1} style={{ maxWidth: '12rem' }} {...text('order', 'service-order-help')} />
          <FieldError name="order" error={errors.order?.message} />
          <Form.Text id="service-order-help">Os números mais baixos aparecem primeiro.</Form.Text>
        </Form.Group>

        <Form.Group className="mb-3">
          <Form.Label htmlFor={fieldId('schedule_link')}>Link do calendário</Form.Label>
          <Form.Control type="url" inputMode="url" autoComplete="off" placeholder="https://" maxLength={2000} {...text('schedule_link', 'service-link-help')} />
          <FieldError name="schedule_link" error={errors.schedule_link?.message} />
          <Form.Text id="service-link-help">A página de marcações (Calendly, Google Agenda...) que o botão Agendar abre.</Form.Text>
        </Form.Group>

        <Form.Group className="mb-4">
          <Form.Label htmlFor={fieldId('price')}>Preço indicativo (€)</Form.Label>
          <Form.Control type="number" inputMode="decimal" min={0} step={0.01} style={{ maxWidth: '12rem' }} {...text('price', 'service-price-help')} />
          <FieldError name="price" error={errors.price?.message} />
          <Form.Text id="service-price-help">Opcional. Aparece na página do serviço e nos resultados dos motores de pesquisa.</Form.Text>
        </Form.Group>

        <ServiceImageField image={image} serviceName={service?.name ?? ''} disabled={saving} />

        {failure && <Alert variant="danger">{failure}</Alert>}

        <FormActions
          saving={saving}
          cancelHref={servicesListHref}
          onDelete={
            service ?
              () => {
                remove.reset();
                setConfirmOpen(true);
              }
            : undefined
          }
        />
      </Form>

      {service && (
        <DeleteServiceModal
          name={service.name}
          show={confirmOpen}
          deleting={remove.isPending}
          error={remove.isError ? serviceMessages.deleteError : null}
          onConfirm={confirmDelete}
          onCancel={() => setConfirmOpen(false)}
        />
      )}
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { type AdminCollection, collectionMessages, collectionSorts } from '#shared/schemas/collections.ts';
import { ApiError } from '../../../api/client.ts';
import { CheckField, errorIdOf, FieldError, fieldId, FormField, SelectField } from '../../../components/form/field.tsx';
import { useServerForm } from '../../../components/form/use-server-form.ts';
import { RichTextEditor } from '../../../components/rich-text-editor.tsx';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { useConfirmDelete } from '../../../components/use-confirm-delete.ts';
import { adminListHref } from '../admin-tabs.ts';
import { FormActions } from '../form-actions.tsx';
import { mediaQueryOptions } from '../media/api.ts';
import type { TabNotice } from '../notice-alert.tsx';
import { useDeleteCollection, useSaveCollection } from './api.ts';
import { type ChosenProduct, CollectionProductsField } from './collection-products-field.tsx';
import { collectionFormDefaults, collectionFormRules, collectionInput, serverFieldName } from './collection-form-values.ts';

const SAVE_ERROR = 'Erro ao guardar coleção. Por favor verifique os dados e tente novamente.';
const id = (name: string) => fieldId('collection', name);

/** The admin collection form (issue #30): create when no collection is given, edit otherwise. */
export function CollectionForm({ collection }: { collection?: AdminCollection }) {
  const navigate = useNavigate();
  const save = useSaveCollection(collection?.id);
  const remove = useDeleteCollection();
  const media = useQuery(mediaQueryOptions());
  const [chosen, setChosen] = useState<ChosenProduct[]>(collection?.products ?? []);
  const [productsError, setProductsError] = useState<string | undefined>();
  const { form, field, error: failure, submit } = useServerForm(collectionFormRules, collectionFormDefaults(collection), {
    accept: (name) => serverFieldName(name),
    fallback: () => SAVE_ERROR,
    alertWithFields: true,
  });

  const onSubmit = submit(async (values) => {
    setProductsError(undefined);
    try {
      await save.mutateAsync(collectionInput(values, chosen.map((p) => p.id)));
    } catch (err) {
      const problem = err instanceof ApiError ? err.fields?.product_ids : undefined;
      if (problem) setProductsError(problem);
      throw err;
    }
    await navigate(adminListHref('collections'), { state: { notice: collection ? 'Coleção guardada.' : 'Coleção criada.' } satisfies TabNotice });
  });

  const confirm = useConfirmDelete<AdminCollection, number, { message: string }>(remove, {
    keyOf: (record) => record.id,
    failed: () => 'Erro ao eliminar coleção.',
    onDeleted: () => navigate(adminListHref('collections'), { state: { notice: collectionMessages.deleted } satisfies TabNotice }),
  });

  const saving = save.isPending;
  const imageId = form.watch('imageId');
  const picture = media.data?.find((image) => String(image.id) === imageId);
  return (
    <>
      <Form noValidate onSubmit={onSubmit} aria-busy={saving}>
        <FormField id={id('name')} label="Nome" autoComplete="off" maxLength={120} {...field('name')} />
        <FormField
          id={id('slug')}
          label="Endereço (slug)"
          autoComplete="off"
          maxLength={80}
          help="A página da coleção fica em /colecoes/<endereço>. Vazio: feito a partir do nome."
          {...field('slug')}
        />
        <div className="mb-3">
          <Controller
            name="description"
            control={form.control}
            render={({ field: editor, fieldState }) => (
              <RichTextEditor
                id={id('description')}
                label="Descrição"
                value={editor.value}
                onChange={editor.onChange}
                disabled={saving}
                invalid={Boolean(fieldState.error)}
                describedBy={fieldState.error ? errorIdOf(id('description')) : undefined}
              />
            )}
          />
          <FieldError id={id('description')} error={form.formState.errors.description?.message} block />
        </div>
        {/* Shown once the library has answered: a select registered before its options would show "Sem imagem"
            for a collection that has a picture. */}
        {media.isPending ?
          <p className="text-secondary small mb-3" role="status">
            A carregar as imagens da biblioteca...
          </p>
        : <SelectField id={id('image')} label="Imagem (da biblioteca de media)" disabled={saving} {...field('imageId')}>
            <option value="">Sem imagem</option>
            {media.data?.map((image) => (
              <option key={image.id} value={image.id}>
                {image.name}
              </option>
            ))}
          </SelectField>
        }
        {picture && <img src={picture.thumbnail} alt={`Pré-visualização: ${picture.name}`} width={120} height={90} className="rounded border mb-3 object-fit-cover" />}
        <SelectField id={id('sort')} label="Ordem dos produtos na página" disabled={saving} {...field('sort')}>
          {collectionSorts.map((sort) => (
            <option key={sort.value} value={sort.value}>
              {sort.label}
            </option>
          ))}
        </SelectField>
        <CollectionProductsField chosen={chosen} onChange={setChosen} disabled={saving} error={productsError} />
        <CheckField id={id('published')} type="switch" label="Publicada (visível na loja)" disabled={saving} {...field('published')} />
        <CheckField
          id={id('on-home')}
          type="switch"
          className="mb-4"
          label="Mostrar na página inicial, em vez dos produtos em destaque"
          disabled={saving}
          {...field('onHome')}
        />
        {failure && <Alert variant="danger">{failure}</Alert>}
        <FormActions saving={saving} cancelHref={adminListHref('collections')} onDelete={collection ? () => confirm.ask(collection) : undefined} />
      </Form>
      <ConfirmDeleteModal
        {...confirm.modal}
        title="Eliminar coleção"
        question={
          <>
            Tem a certeza que deseja eliminar esta coleção? Os produtos continuam na loja.
            <strong className="d-block text-break mt-2">{collection?.name}</strong>
          </>
        }
      />
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { FormProvider, get, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { catalogMessages, MAX_PRODUCT_IMAGES, type Product } from '#shared/schemas/catalog.ts';
import { ApiError } from '../../../api/client.ts';
import { listRowPath } from '../../../components/form/apply-field-errors.ts';
import { fieldId, FormField, SelectField } from '../../../components/form/field.tsx';
import { EXEMPTION_REASONS, exemptionLabel, NO_WITHDRAWAL } from '#shared/withdrawal.ts';
import { useServerForm } from '../../../components/form/use-server-form.ts';
import { FormActions } from '../form-actions.tsx';
import type { TabNotice } from '../notice-alert.tsx';
import { useDeleteProduct, useSaveProduct } from './api.ts';
import { ProductImagesField, useProductImages } from './product-images-field.tsx';
import { emptyVariant, productFormData, productFormDefaults, productFormResolver } from './product-form-values.ts';
import { adminListHref } from '../admin-tabs.ts';
import { VariantFields } from './variant-fields.tsx';
import { MeasureFields } from './measure-fields.tsx';
import { ProductSaleFieldset } from './sale-fields.tsx';
import { VatCategoryFields } from './vat-category-fields.tsx';
import { adminCollectionsQueryOptions } from '../collections/api.ts';
import { ProductCollectionsField } from '../collections/product-collections-field.tsx';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { useConfirmDelete } from '../../../components/use-confirm-delete.ts';

export const saveFailed = 'Erro ao salvar produto. Por favor tente novamente.';
const deleteFailed = 'Erro ao eliminar produto.';
const listHref = adminListHref('products');

const saleFields = ['sale_price', 'sale_starts_at', 'sale_ends_at'] as const;
const plainFields = ['name', 'description', 'order', 'price', 'stock', 'link', 'withdrawalExemption', 'weight_grams', 'unit_quantity', 'unit', 'vat_category', 'vat_exemption_reason', ...saleFields] as const;
type PlainField = (typeof plainFields)[number];
const isPlainField = (name: string): name is PlainField => (plainFields as readonly string[]).includes(name);
const variantColumns = ['name', 'price', 'stock', 'sku', 'weight_grams', 'unit_quantity', ...saleFields] as const;

/** The admin product form (backoffice.md §2, §5): create when no product is given, edit otherwise. */
export function ProductForm({ product }: { product?: Product }) {
  const navigate = useNavigate();
  const save = useSaveProduct(product?.id);
  const remove = useDeleteProduct();
  const existingImages = product?.images ?? [];
  const images = useProductImages(existingImages);
  const [collectionIds, setCollectionIds] = useState<number[]>(product?.collectionIds ?? []);
  // The choice is sent only once the collections are known: until then the server leaves them as they are.
  const collections = useQuery(adminCollectionsQueryOptions());

  const {
    form: methods,
    error: failure,
    submit,
  } = useServerForm(productFormResolver, productFormDefaults(product), {
    // 400 with fields (and 409 for a SKU in use): each message goes under its input; the first gets the focus.
    accept: (key, values) => (isPlainField(key) ? key : listRowPath(key, 'variants', values.variants.length, variantColumns)),
    fallback: saveFailed,
    alertWithFields: true,
  });
  const {
    register,
    setValue,
    getValues,
    control,
    formState: { errors },
  } = methods;
  const [isDigital, hasVariants] = useWatch({ control, name: ['isDigital', 'hasVariants'] });

  const errorOf = (name: PlainField): string | undefined => (get(errors, name) as { message?: string } | undefined)?.message;
  const text = (name: PlainField) => ({ id: fieldId('product', name), registration: register(name), error: errorOf(name) });

  const onSubmit = submit(async (values) => {
    images.setProblem(null);
    if (images.total > MAX_PRODUCT_IMAGES) {
      images.setProblem(catalogMessages.tooManyImages);
      return;
    }
    const body = productFormData(
      values,
      images.added.map((image) => image.file),
      [...images.removed],
      collections.isSuccess ? collectionIds : undefined,
    );
    try {
      await save.mutateAsync(body);
    } catch (err) {
      // The pictures are not a registered field: their message goes to the pictures' control.
      const fields = err instanceof ApiError ? err.fields : undefined;
      const imagesProblem = fields?.images ?? fields?.image;
      if (imagesProblem) images.setProblem(imagesProblem);
      throw err;
    }
    await navigate(listHref, { state: { notice: product ? 'Produto guardado.' : 'Produto criado.' } satisfies TabNotice });
  });

  const confirm = useConfirmDelete<Product, number, { message: string }>(remove, {
    keyOf: (record) => record.id,
    failed: deleteFailed,
    onDeleted: (answer) => navigate(listHref, { state: { notice: answer?.message || catalogMessages.productDeleted } satisfies TabNotice }),
  });

  const saving = save.isPending;
  const hasVariantsField = register('hasVariants');
  return (
    <FormProvider {...methods}>
      <Form noValidate onSubmit={onSubmit} aria-busy={saving}>
        <FormField label="Nome" autoComplete="off" maxLength={200} {...text('name')} />

        <FormField label="Descrição" as="textarea" rows={5} maxLength={10_000} {...text('description')} />

        <FormField label="Ordem" type="number" inputMode="numeric" min={0} step={1} style={{ maxWidth: '12rem' }} help="Os números mais baixos aparecem primeiro na loja." {...text('order')} />

        <SelectField
          label="Direito de livre resolução"
          help="Só para os casos da lei (Decreto-Lei n.º 24/2014, art. 17.º): o produto mostra «Sem direito de livre resolução» e o motivo, e a função de desistência não o oferece."
          {...text('withdrawalExemption')}
        >
          <option value="">Com direito de livre resolução</option>
          {EXEMPTION_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {`${NO_WITHDRAWAL}: ${exemptionLabel[reason].toLowerCase()}`}
            </option>
          ))}
        </SelectField>

        <fieldset className="mb-3">
          <legend className="fs-5">Tipo de produto</legend>
          <Form.Check type="switch" id={fieldId('product', 'isDigital')} label="Produto digital" {...register('isDigital')} />
          {isDigital && (
            <FormField
              className="mt-2 mb-3"
              label="Link de acesso"
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://"
              maxLength={2000}
              help="Entregue ao cliente só depois do pagamento."
              {...text('link')}
            />
          )}
          <Form.Check
            type="switch"
            id={fieldId('product', 'hasVariants')}
            label="Tem variantes"
            {...hasVariantsField}
            onChange={async (event) => {
              await hasVariantsField.onChange(event);
              // Turning variants on starts the list with one empty row to fill in.
              if (event.target.checked && getValues('variants').length === 0) setValue('variants', [emptyVariant()]);
            }}
          />
        </fieldset>

        {hasVariants ?
          <fieldset className="mb-4">
            <legend className="fs-5">Variantes</legend>
            <p className="small text-secondary">
              Cada variante tem o seu preço (com IVA incluído) e stock; a loja mostra o preço mais baixo como «A partir de». O peso e
              a quantidade em branco são os do produto.
            </p>
            <VariantFields saved={product?.variants} />
          </fieldset>
        : <fieldset className="mb-4">
            <legend className="fs-5">Preço e stock</legend>
            <Row className="g-3">
              <Col xs={6} sm={4}>
                <FormField className="" label="Preço (€)" inputMode="decimal" autoComplete="off" help="Com IVA incluído." {...text('price')} />
              </Col>
              <Col xs={6} sm={4}>
                <FormField className="" label="Stock" type="number" inputMode="numeric" min={0} step={1} {...text('stock')} />
              </Col>
            </Row>
          </fieldset>
        }
        {!hasVariants && <ProductSaleFieldset shown={product && !product.hasVariants ? product : undefined} />}

        <MeasureFields isDigital={isDigital} />

        <fieldset className="mb-4">
          <legend className="fs-5">IVA</legend>
          <VatCategoryFields />
          {hasVariants && <p className="small text-secondary mt-2 mb-0">Uma variante pode ter a sua própria taxa, na sua linha.</p>}
        </fieldset>

        <ProductImagesField existing={existingImages} productName={product?.name ?? ''} images={images} />

        <ProductCollectionsField chosen={collectionIds} onChange={setCollectionIds} disabled={saving} />

        {failure && <Alert variant="danger">{failure}</Alert>}

        <FormActions
          saving={saving}
          cancelHref={listHref}
          onDelete={
product ? () => confirm.ask(product) : undefined
          }
        />
      </Form>

      <ConfirmDeleteModal {...confirm.modal} title="Eliminar produto" question={
          <>
            Tem a certeza que deseja eliminar o produto <strong className="text-break">{product?.name}</strong>? Esta ação não pode ser
            desfeita.
          </>
        } />
    </FormProvider>
  );
}

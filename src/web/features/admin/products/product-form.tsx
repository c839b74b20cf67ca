import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { FormProvider, get, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { catalogMessages, MAX_PRODUCT_IMAGES, type Product } from '#shared/schemas/catalog.ts';
import { ApiError, errorMessage } from '../../../api/client.ts';
import { FormActions } from '../form-actions.tsx';
import { useDeleteProduct, useSaveProduct } from './api.ts';
import { DeleteProductModal } from './delete-product-modal.tsx';
import { describeField, FieldError, fieldId } from './field-a11y.tsx';
import { ProductImagesField, useProductImages } from './product-images-field.tsx';
import { emptyVariant, productFormData, productFormDefaults, productFormSchema, type ProductFormValues } from './product-form-schema.ts';
import { productsListHref } from './product-paths.ts';
import { VariantFields } from './variant-fields.tsx';

export const saveFailed = 'Erro ao salvar produto. Por favor tente novamente.';
const deleteFailed = 'Erro ao eliminar produto.';
const listHref = productsListHref;

const plainFields = ['name', 'description', 'order', 'price', 'stock', 'link'] as const;
type PlainField = (typeof plainFields)[number];
const isPlainField = (name: string): name is PlainField => (plainFields as readonly string[]).includes(name);
const variantField = /^variants\.(\d+)\.(name|price|stock|sku)$/;

/** What the products tab shows after coming back from the form. */
export type ProductsNotice = { notice: string };

/** The admin product form (backoffice.md §2, §5): create when no product is given, edit otherwise. */
export function ProductForm({ product }: { product?: Product }) {
  const navigate = useNavigate();
  const save = useSaveProduct(product?.id);
  const remove = useDeleteProduct();
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const existingImages = product?.images ?? [];
  const images = useProductImages(existingImages);

  const methods = useForm<ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    defaultValues: productFormDefaults(product),
  });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    control,
    formState: { errors },
  } = methods;
  const [isDigital, hasVariants] = useWatch({ control, name: ['isDigital', 'hasVariants'] });

  const errorOf = (name: PlainField): string | undefined => (get(errors, name) as { message?: string } | undefined)?.message;
  const text = (name: PlainField, helpId?: string) => ({ id: fieldId(name), ...register(name), ...describeField(name, errorOf(name), helpId) });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    images.setProblem(null);
    if (images.total > MAX_PRODUCT_IMAGES) {
      images.setProblem(catalogMessages.tooManyImages);
      return;
    }
    const body = productFormData(
      values,
      images.added.map((image) => image.file),
      [...images.removed],
    );
    try {
      await save.mutateAsync(body);
      navigate(listHref, { state: { notice: product ? 'Produto guardado.' : 'Produto criado.' } satisfies ProductsNotice });
    } catch (err) {
      // 400 with fields (and 409 for a SKU in use): each message goes under its input; the first gets the focus.
      let focused = false;
      for (const [key, message] of Object.entries(err instanceof ApiError ? (err.fields ?? {}) : {})) {
        const variant = variantField.exec(key);
        if (isPlainField(key)) {
          setError(key, { type: 'server', message }, { shouldFocus: !focused });
          focused = true;
        } else if (variant && Number(variant[1]) < values.variants.length) {
          setError(key as `variants.${number}.name`, { type: 'server', message }, { shouldFocus: !focused });
          focused = true;
        } else if (key.startsWith('variants')) {
          setError('variants', { type: 'server', message });
        } else if (key === 'images' || key === 'image') {
          images.setProblem(message);
        }
      }
      setFailure(errorMessage(err, saveFailed));
    }
  });

  const confirmDelete = () => {
    if (!product) return;
    remove.mutate(product.id, {
      onSuccess: (answer) => {
        setConfirmOpen(false);
        navigate(listHref, { state: { notice: answer?.message || catalogMessages.productDeleted } satisfies ProductsNotice });
      },
    });
  };

  const saving = save.isPending;
  const hasVariantsField = register('hasVariants');
  return (
    <FormProvider {...methods}>
      <Form noValidate onSubmit={onSubmit} aria-busy={saving}>
        <Form.Group className="mb-3">
          <Form.Label htmlFor={fieldId('name')}>Nome</Form.Label>
          <Form.Control type="text" autoComplete="off" maxLength={200} {...text('name')} />
          <FieldError name="name" error={errorOf('name')} />
        </Form.Group>

        <Form.Group className="mb-3">
          <Form.Label htmlFor={fieldId('description')}>Descrição</Form.Label>
          <Form.Control as="textarea" rows={5} maxLength={10_000} {...text('description')} />
          <FieldError name="description" error={errorOf('description')} />
        </Form.Group>

        <Form.Group className="mb-3">
          <Form.Label htmlFor={fieldId('order')}>Ordem</Form.Label>
          <Form.Control type="number" inputMode="numeric" min={0} step={1} style={{ maxWidth: '12rem' }} {...text('order', 'product-order-help')} />
          <FieldError name="order" error={errorOf('order')} />
          <Form.Text id="product-order-help">Os números mais baixos aparecem primeiro na loja.</Form.Text>
        </Form.Group>

        <fieldset className="mb-3">
          <legend className="fs-5">Tipo de produto</legend>
          <Form.Check type="switch" id={fieldId('isDigital')} label="Produto digital" {...register('isDigital')} />
          {isDigital && (
            <Form.Group className="mt-2 mb-3">
              <Form.Label htmlFor={fieldId('link')}>Link de acesso</Form.Label>
              <Form.Control
                type="url"
                inputMode="url"
                autoComplete="off"
                placeholder="https://"
                maxLength={2000}
                {...text('link', 'product-link-help')}
              />
              <FieldError name="link" error={errorOf('link')} />
              <Form.Text id="product-link-help">Entregue ao cliente só depois do pagamento.</Form.Text>
            </Form.Group>
          )}
          <Form.Check
            type="switch"
            id={fieldId('hasVariants')}
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
              Cada variante tem o seu preço (com IVA incluído) e stock; a loja mostra o preço mais baixo como «A partir de».
            </p>
            <VariantFields />
          </fieldset>
        : <fieldset className="mb-4">
            <legend className="fs-5">Preço e stock</legend>
            <Row className="g-3">
              <Col xs={6} sm={4}>
                <Form.Label htmlFor={fieldId('price')}>Preço (€)</Form.Label>
                <Form.Control type="number" inputMode="decimal" min={0} step={0.01} {...text('price', 'product-price-help')} />
                <FieldError name="price" error={errorOf('price')} />
                <Form.Text id="product-price-help">Com IVA incluído.</Form.Text>
              </Col>
              <Col xs={6} sm={4}>
                <Form.Label htmlFor={fieldId('stock')}>Stock</Form.Label>
                <Form.Control type="number" inputMode="numeric" min={0} step={1} {...text('stock')} />
                <FieldError name="stock" error={errorOf('stock')} />
              </Col>
            </Row>
          </fieldset>
        }

        <ProductImagesField existing={existingImages} productName={product?.name ?? ''} images={images} />

        {failure && <Alert variant="danger">{failure}</Alert>}

        <FormActions
          saving={saving}
          cancelHref={listHref}
          onDelete={
            product ?
              () => {
                remove.reset();
                setConfirmOpen(true);
              }
            : undefined
          }
        />
      </Form>

      {product && (
        <DeleteProductModal
          name={product.name}
          show={confirmOpen}
          deleting={remove.isPending}
          error={remove.isError ? errorMessage(remove.error, deleteFailed) : null}
          onConfirm={confirmDelete}
          onCancel={() => setConfirmOpen(false)}
        />
      )}
    </FormProvider>
  );
}

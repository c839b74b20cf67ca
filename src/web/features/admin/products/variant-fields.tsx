import { useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { get, useFieldArray, useFormContext } from 'react-hook-form';
import { errorIdOf, fieldId, FormField } from '../../../components/form/field.tsx';
import type { Variant } from '#shared/schemas/catalog.ts';
import { emptyVariant, type ProductFormValues } from './product-form-values.ts';
import { SaleFields } from './sale-fields.tsx';
import { VatCategoryFields } from './vat-category-fields.tsx';
import BiPlusLgIcon from '~icons/bi/plus-lg';
import BiTrashIcon from '~icons/bi/trash';

type VariantField = 'name' | 'price' | 'stock' | 'sku' | 'weight_grams' | 'unit_quantity';

/**
 * The variant list of the product form (backoffice.md §2): name, price in steps of 0.01, stock, optional SKU, the
 * variant's own weight and quantity of the product's unit when they differ from the product's, and its sale
 * (`saved`: the variants as the server last answered, for what the shop shows of their sales today).
 */
export function VariantFields({ saved = [] }: { saved?: readonly Variant[] | undefined }) {
  const {
    control,
    register,
    setFocus,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  // keyName: the rows' own `id` (the existing variant's id) must stay the variant id.
  const { fields, append, remove } = useFieldArray({ control, name: 'variants', keyName: 'key' });
  const addButton = useRef<HTMLButtonElement>(null);

  const listErrorId = errorIdOf(fieldId('product', 'variants'));
  const listError: string | undefined = errors.variants?.message ?? errors.variants?.root?.message;
  const errorOf = (index: number, field: VariantField): string | undefined =>
    (get(errors, `variants.${index}.${field}`) as { message?: string } | undefined)?.message;

  const add = () => {
    append(emptyVariant(), { shouldFocus: false });
    // The new row's first input gets the focus once it exists.
    setTimeout(() => setFocus(`variants.${fields.length}.name`), 0);
  };
  const drop = (index: number) => {
    remove(index);
    // The focus would fall to <body> with the removed button: keep it in the list.
    setTimeout(() => {
      if (fields.length > 1) setFocus(`variants.${Math.max(0, index - 1)}.name`);
      else addButton.current?.focus();
    }, 0);
  };

  const input = (index: number, field: VariantField) => {
    const name = `variants.${index}.${field}` as const;
    return { id: fieldId('product', name), registration: register(name), error: errorOf(index, field), className: '', labelClassName: 'small mb-1' };
  };

  return (
    <div>
      {listError && (
        <div className="alert alert-danger py-2" role="alert" id={listErrorId}>
          {listError}
        </div>
      )}
      {fields.length === 0 && <p className="text-secondary small">Ainda não há variantes.</p>}
      <ol className="list-unstyled mb-3">
        {fields.map((field, index) => {
          const number = index + 1;
          const hidden = <span className="visually-hidden"> da variante {number}</span>;
          return (
            <li key={field.key} className="border rounded p-3 mb-3">
              <fieldset>
                <legend className="fs-6 fw-semibold mb-2">Variante {number}</legend>
                <Row className="g-2">
                  <Col xs={12} md={4}>
                    <FormField label={<>Nome{hidden}</>} autoComplete="off" maxLength={120} {...input(index, 'name')} />
                  </Col>
                  <Col xs={6} md={3}>
                    <FormField label={<>Preço (€){hidden}</>} inputMode="decimal" autoComplete="off" {...input(index, 'price')} />
                  </Col>
                  <Col xs={6} md={2}>
                    <FormField label={<>Stock{hidden}</>} type="number" inputMode="numeric" min={0} step={1} {...input(index, 'stock')} />
                  </Col>
                  <Col xs={12} md={3}>
                    <FormField label={<>SKU (opcional){hidden}</>} autoComplete="off" maxLength={64} {...input(index, 'sku')} />
                  </Col>
                  <Col xs={6} md={4}>
                    <FormField label={<>Peso (g, opcional){hidden}</>} type="number" inputMode="numeric" min={0} step={1} {...input(index, 'weight_grams')} />
                  </Col>
                  <Col xs={6} md={4}>
                    <FormField label={<>Quantidade (opcional){hidden}</>} inputMode="decimal" autoComplete="off" {...input(index, 'unit_quantity')} />
                  </Col>
                </Row>
                <fieldset className="mt-3">
                  <legend className="small fw-semibold mb-1">IVA{hidden}</legend>
                  <VatCategoryFields prefix={`variants.${index}.`} labelSuffix={hidden} />
                </fieldset>
                <fieldset className="mt-3">
                  <legend className="small fw-semibold mb-1">Promoção{hidden}</legend>
                  <SaleFields prefix={`variants.${index}.`} shown={saved.find((v) => v.id === field.id)} labelSuffix={hidden} compact />
                </fieldset>
                <div className="d-flex justify-content-end mt-2">
                  <Button variant="outline-danger" size="sm" onClick={() => drop(index)} aria-label={`Remover variante ${number}`}>
                    <BiTrashIcon className="bi me-1" aria-hidden="true" />
                    Remover
                  </Button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <Button ref={addButton} variant="outline-primary" onClick={add} aria-describedby={listError ? listErrorId : undefined}>
        <BiPlusLgIcon className="bi me-1" aria-hidden="true" />
        Adicionar variante
      </Button>
    </div>
  );
}

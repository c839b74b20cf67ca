import type { RefObject } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { type FieldArrayWithId, get, useFormContext, useWatch } from 'react-hook-form';
import { formatCents, formatEuros, toCents } from '#shared/money.ts';
import { orderTotals } from '#shared/orders.ts';
import type { ItemRow, OrderFormValues } from './order-form-values.ts';
import BiTrashIcon from '~icons/bi/trash';

export const lineName = (row: Pick<ItemRow, 'name' | 'variantName'>) => (row.variantName ? `${row.name} (${row.variantName})` : row.name);

type Props = {
  fields: FieldArrayWithId<OrderFormValues, 'items', 'key'>[];
  /** Each line's remove button, so the focus can move to a neighbour when one goes. */
  removeRefs: RefObject<(HTMLButtonElement | null)[]>;
  onRemove: (index: number) => void;
};

/** The order's lines: name, unit price, an editable quantity, the line's subtotal, and a remove button. */
export function OrderItemLines({ fields, removeRefs, onRemove }: Props) {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<OrderFormValues>();
  const watched = useWatch({ control, name: 'items' });
  const errorOf = (index: number): string | undefined =>
    (get(errors, `items.${index}.quantity`) as { message?: string } | undefined)?.message;

  return (
    <>
      {fields.length === 0 ?
        <p className="text-secondary small">Ainda não há produtos nesta encomenda.</p>
      : <ul className="list-group mb-3" aria-label="Produtos da encomenda">
          {fields.map((field, index) => {
            const name = lineName(field);
            const quantityId = `order-items-${index}-quantity`;
            const error = errorOf(index);
            const current = watched?.[index]?.quantity;
            const lineCents = Number.isInteger(current) && (current ?? 0) > 0 ? toCents(field.price) * (current ?? 0) : null;
            return (
              <li key={field.key} className="list-group-item">
                <Row className="g-2 align-items-center">
                  <Col xs={12} md={5}>
                    <span className="fw-semibold text-break">{field.name}</span>
                    {field.variantName && <span className="d-block small text-secondary">Variante: {field.variantName}</span>}
                    {field.isDigital && <span className="d-block small text-secondary">Produto digital</span>}
                  </Col>
                  <Col xs={6} md={2} className="small">
                    <span className="d-block text-secondary">Preço unitário</span>
                    <span className="text-nowrap">{formatEuros(field.price)}</span>
                  </Col>
                  <Col xs={6} md={2}>
                    <Form.Label htmlFor={quantityId} className="small text-secondary mb-0">
                      Quantidade<span className="visually-hidden"> de {name}</span>
                    </Form.Label>
                    <Form.Control
                      id={quantityId}
                      type="number"
                      inputMode="numeric"
                      size="sm"
                      min={1}
                      max={99}
                      step={1}
                      isInvalid={Boolean(error)}
                      aria-invalid={Boolean(error)}
                      aria-describedby={error ? `${quantityId}-error` : undefined}
                      {...register(`items.${index}.quantity`, { valueAsNumber: true })}
                    />
                  </Col>
                  <Col xs={6} md={2} className="small">
                    <span className="d-block text-secondary">Subtotal</span>
                    <span className="text-nowrap">{lineCents === null ? '—' : formatCents(lineCents)}</span>
                  </Col>
                  <Col xs={6} md={1} className="text-end">
                    <Button
                      ref={(el: HTMLButtonElement | null) => {
                        removeRefs.current[index] = el;
                      }}
                      variant="outline-danger"
                      size="sm"
                      onClick={() => onRemove(index)}
                      aria-label={`Remover ${name}`}
                    >
                      <BiTrashIcon className="bi" aria-hidden="true" />
                      <span className="d-md-none ms-1">Remover</span>
                    </Button>
                  </Col>
                </Row>
                {error && (
                  <div className="invalid-feedback d-block" id={`${quantityId}-error`}>
                    {error}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      }
    </>
  );
}

/** The figures as the form stands (the shop's rule); the server computes the final ones on save. */
export function OrderItemsEstimate() {
  const { control } = useFormContext<OrderFormValues>();
  const watched = useWatch({ control, name: 'items' });
  if (!watched?.length) return null;
  const totals = orderTotals(
    watched.map((row) => ({
      unitPriceCents: toCents(row.price),
      quantity: Number.isInteger(row.quantity) && row.quantity > 0 ? row.quantity : 0,
      isDigital: row.isDigital,
    })),
  );
  return (
      <div className="ms-md-auto" style={{ maxWidth: '22rem' }}>
        <dl className="mb-1 small">
          <div className="d-flex justify-content-between gap-3">
            <dt className="fw-normal">Subtotal</dt>
            <dd className="mb-0 text-nowrap">{formatCents(totals.subtotalWithTaxCents)}</dd>
          </div>
          <div className="d-flex justify-content-between gap-3">
            <dt className="fw-normal">Portes</dt>
            <dd className="mb-0 text-nowrap">{totals.shippingCents === 0 ? 'Grátis' : formatCents(totals.shippingCents)}</dd>
          </div>
          <div className="d-flex justify-content-between gap-3 fw-semibold">
            <dt>Total estimado</dt>
            <dd className="mb-0 text-nowrap">{formatCents(totals.totalWithTaxCents)}</dd>
          </div>
        </dl>
        <p className="small text-secondary mb-0">Os preços, os portes e o IVA finais são calculados pela loja ao guardar.</p>
      </div>
  );
}

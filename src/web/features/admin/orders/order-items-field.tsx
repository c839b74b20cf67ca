import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { get, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { formatCents, formatEuros, toCents } from '#shared/money.ts';
import { orderTotals } from '#shared/orders.ts';
import { catalogMessages, type Product } from '#shared/schemas/catalog.ts';
import { orderMessages } from '#shared/schemas/orders.ts';
import { orderProductsQueryOptions } from './api.ts';
import type { ItemRow, OrderFormValues } from './order-form-values.ts';

export const pickerMessages = {
  product: 'Escolha um produto.',
  variant: 'Escolha uma variante.',
} as const;

export const SEARCH_DELAY_MS = 300;
export const ITEMS_ERROR_ID = 'order-items-error';

const stockWords = (stock: number) => (stock > 0 ? `stock: ${stock}` : catalogMessages.outOfStock.toLowerCase());

export const productOptionLabel = (p: Product) =>
  `${p.name}${p.isDigital ? ' (digital)' : ''} — ${p.hasVariants ? 'a partir de ' : ''}${formatEuros(p.price)}${p.isDigital ? '' : ` (${stockWords(p.stock)})`}`;

const lineName = (row: Pick<ItemRow, 'name' | 'variantName'>) => (row.variantName ? `${row.name} (${row.variantName})` : row.name);


/**
 * The order's items (backoffice.md §2, §5): a product picker (product, its variant, a quantity of at least 1)
 * that adds a line, or raises the quantity of the line already holding that product and variant; and the
 * list of lines with an editable quantity and a remove button.
 */
export function OrderItemsField({ productSelectRef }: { productSelectRef: RefObject<HTMLSelectElement | null> }) {
  const {
    control,
    register,
    getValues,
    setValue,
    trigger,
    formState: { errors, isSubmitted },
  } = useFormContext<OrderFormValues>();
  // keyName: the lines have no `id` of their own; keep RHF's key apart from the data.
  const { fields, append, remove } = useFieldArray({ control, name: 'items', keyName: 'key' });
  const watched = useWatch({ control, name: 'items' });

  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [productId, setProductId] = useState('');
  const [variantId, setVariantId] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [pickerError, setPickerError] = useState<{ field: 'product' | 'variant' | 'quantity'; message: string } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const products = useQuery(orderProductsQueryOptions(q));
  const ids = { search: useId(), product: useId(), variant: useId(), quantity: useId(), pickerError: useId() };
  const variantRef = useRef<HTMLSelectElement>(null);
  const quantityRef = useRef<HTMLInputElement>(null);
  const removeRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const addRef = useRef<HTMLButtonElement>(null);

  // The product list is searched on the server 300 ms after the last key.
  useEffect(() => {
    if (draft.trim() === q) return;
    const timer = window.setTimeout(() => {
      setQ(draft.trim());
      setProductId('');
      setVariantId('');
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [draft, q]);

  const rows = products.data?.rows ?? [];
  const product = rows.find((p) => String(p.id) === productId);
  const listError: string | undefined = errors.items?.message ?? errors.items?.root?.message;
  const errorOf = (index: number): string | undefined =>
    (get(errors, `items.${index}.quantity`) as { message?: string } | undefined)?.message;

  const chooseProduct = (value: string) => {
    setProductId(value);
    setPickerError(null);
    const chosen = rows.find((p) => String(p.id) === value);
    // Like the shop's product page: the first variant (with stock, if any) is preselected.
    const first = chosen?.hasVariants ? (chosen.variants.find((v) => v.stock > 0) ?? chosen.variants[0]) : undefined;
    setVariantId(first ? String(first.id) : '');
  };

  const add = () => {
    if (!product) {
      setPickerError({ field: 'product', message: pickerMessages.product });
      productSelectRef.current?.focus();
      return;
    }
    const variant = product.hasVariants ? product.variants.find((v) => String(v.id) === variantId) : undefined;
    if (product.hasVariants && !variant) {
      setPickerError({ field: 'variant', message: pickerMessages.variant });
      variantRef.current?.focus();
      return;
    }
    const amount = Number(quantity);
    if (!Number.isInteger(amount) || amount < 1 || amount > 99) {
      setPickerError({ field: 'quantity', message: orderMessages.quantity });
      quantityRef.current?.focus();
      return;
    }
    setPickerError(null);
    const line: ItemRow = {
      product_id: product.id,
      variant_id: variant?.id ?? null,
      quantity: amount,
      name: product.name,
      variantName: variant?.name ?? null,
      price: variant?.price ?? product.price,
      isDigital: product.isDigital,
    };
    const index = getValues('items').findIndex((row) => row.product_id === line.product_id && (row.variant_id ?? null) === line.variant_id);
    if (index >= 0) {
      // backoffice.md §2: adding a product already in the list increases its quantity.
      const current = Number(getValues(`items.${index}.quantity`));
      const next = (Number.isFinite(current) ? current : 0) + amount;
      setValue(`items.${index}.quantity`, next, { shouldDirty: true });
      setAnnouncement(`A quantidade de ${lineName(line)} passou para ${next}.`);
    } else {
      append(line, { shouldFocus: false });
      setAnnouncement(`${lineName(line)} adicionado à encomenda.`);
    }
    if (isSubmitted) void trigger('items');
    setQuantity('1');
  };

  const drop = (index: number) => {
    const row = fields[index];
    remove(index);
    if (row) setAnnouncement(`${lineName(row)} removido da encomenda.`);
    if (isSubmitted) void trigger('items');
    // The focus would fall to <body> with the removed button: keep it in the list, or on the add button.
    setTimeout(() => {
      const nextButton = removeRefs.current[Math.min(index, fields.length - 2)];
      if (fields.length > 1 && nextButton) nextButton.focus();
      else addRef.current?.focus();
    }, 0);
  };

  // Enter in the picker adds the line (or searches) instead of submitting the whole order.
  const onEnter = (event: KeyboardEvent, action: () => void) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    action();
  };

  const totals = orderTotals(
    (watched ?? []).map((row) => ({
      unitPriceCents: toCents(row.price),
      quantity: Number.isInteger(row.quantity) && row.quantity > 0 ? row.quantity : 0,
      isDigital: row.isDigital,
    })),
  );

  const pickerDescribed = (field: 'product' | 'variant' | 'quantity') =>
    pickerError?.field === field ? { isInvalid: true, 'aria-invalid': true, 'aria-describedby': ids.pickerError } : {};

  return (
    <fieldset className="mb-4">
      <legend className="fs-5">Produtos</legend>

      <div className="border rounded p-3 mb-3 bg-body-tertiary">
        <Row className="g-2 align-items-end">
          <Col xs={12} md={6}>
            <Form.Label htmlFor={ids.search} className="small mb-1">
              Pesquisar produto
            </Form.Label>
            <Form.Control
              id={ids.search}
              type="search"
              value={draft}
              maxLength={100}
              autoComplete="off"
              enterKeyHint="search"
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(event) =>
                onEnter(event, () => {
                  setQ(draft.trim());
                  setProductId('');
                  setVariantId('');
                })
              }
            />
          </Col>
          <Col xs={12} md={6}>
            <Form.Label htmlFor={ids.product} className="small mb-1">
              Produto
            </Form.Label>
            <Form.Select
              id={ids.product}
              ref={productSelectRef}
              value={product ? productId : ''}
              disabled={products.isPending}
              onChange={(e) => chooseProduct(e.target.value)}
              {...pickerDescribed('product')}
              aria-describedby={
                [pickerError?.field === 'product' ? ids.pickerError : undefined, listError ? ITEMS_ERROR_ID : undefined].filter(Boolean).join(' ') ||
                undefined
              }
            >
              {products.isPending ?
                <option value="">A carregar produtos...</option>
              : <>
                  <option value="">{rows.length === 0 ? 'Nenhum produto encontrado' : 'Escolha um produto'}</option>
                  {rows.map((p) => (
                    <option key={p.id} value={p.id}>
                      {productOptionLabel(p)}
                    </option>
                  ))}
                </>
              }
            </Form.Select>
          </Col>
          {product?.hasVariants && (
            <Col xs={12} md={6}>
              <Form.Label htmlFor={ids.variant} className="small mb-1">
                Variante
              </Form.Label>
              <Form.Select
                id={ids.variant}
                ref={variantRef}
                value={variantId}
                onChange={(e) => {
                  setVariantId(e.target.value);
                  setPickerError(null);
                }}
                {...pickerDescribed('variant')}
              >
                <option value="">Escolha uma variante</option>
                {product.variants.map((v) => (
                  <option key={v.id} value={v.id}>
                    {`${v.name} — ${formatEuros(v.price)}${product.isDigital ? '' : ` (${stockWords(v.stock)})`}`}
                  </option>
                ))}
              </Form.Select>
            </Col>
          )}
          <Col xs={4} md={2}>
            <Form.Label htmlFor={ids.quantity} className="small mb-1">
              Quantidade
            </Form.Label>
            <Form.Control
              id={ids.quantity}
              ref={quantityRef}
              type="number"
              inputMode="numeric"
              min={1}
              max={99}
              step={1}
              value={quantity}
              onChange={(e) => {
                setQuantity(e.target.value);
                if (pickerError?.field === 'quantity') setPickerError(null);
              }}
              onKeyDown={(event) => onEnter(event, add)}
              {...pickerDescribed('quantity')}
            />
          </Col>
          <Col xs={8} md="auto">
            <Button ref={addRef} variant="outline-primary" className="w-100 text-nowrap" onClick={add}>
              <i className="bi bi-plus-lg me-1" aria-hidden="true" />
              Adicionar produto
            </Button>
          </Col>
        </Row>
        {pickerError && (
          <div className="invalid-feedback d-block" id={ids.pickerError}>
            {pickerError.message}
          </div>
        )}
        {products.isError && (
          <div className="d-flex flex-wrap align-items-center gap-2 mt-2 text-danger small">
            <span>Erro ao carregar produtos.</span>
            <Button variant="outline-danger" size="sm" onClick={() => void products.refetch()} disabled={products.isFetching}>
              Tentar novamente
            </Button>
          </div>
        )}
        {products.isFetching && !products.isPending && (
          <div className="small text-secondary mt-2">
            <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
            A procurar produtos...
          </div>
        )}
      </div>

      <div className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </div>

      {listError && (
        <div className="alert alert-danger py-2" role="alert" id={ITEMS_ERROR_ID}>
          {listError}
        </div>
      )}

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
                      onClick={() => drop(index)}
                      aria-label={`Remover ${name}`}
                    >
                      <i className="bi bi-trash" aria-hidden="true" />
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

      {fields.length > 0 && (
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
      )}
    </fieldset>
  );
}

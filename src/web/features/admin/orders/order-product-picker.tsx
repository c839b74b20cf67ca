import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { formatEuros } from '#shared/money.ts';
import { catalogMessages, type Product } from '#shared/schemas/catalog.ts';
import { orderMessages } from '#shared/schemas/orders.ts';
import { orderProductsQueryOptions } from './api.ts';
import type { ItemRow } from './order-form-values.ts';
import BiPlusLgIcon from '~icons/bi/plus-lg';

export const pickerMessages = {
  product: 'Escolha um produto.',
  variant: 'Escolha uma variante.',
} as const;

export const SEARCH_DELAY_MS = 300;

const stockWords = (stock: number) => (stock > 0 ? `stock: ${stock}` : catalogMessages.outOfStock.toLowerCase());

export const productOptionLabel = (p: Product) =>
  `${p.name}${p.isDigital ? ' (digital)' : ''} — ${p.hasVariants ? 'a partir de ' : ''}${formatEuros(p.price)}${p.isDigital ? '' : ` (${stockWords(p.stock)})`}`;

// Enter in the picker adds the line (or searches) instead of submitting the whole order.
const onEnter = (event: KeyboardEvent, action: () => void) => {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  action();
};

type PickerField = 'product' | 'variant' | 'quantity';
type Checked = { line: ItemRow; problem?: undefined } | { problem: { field: PickerField; message: string } };

/** The line the picker's choices make, or the first choice that is missing or wrong. */
function checkedLine(product: Product | undefined, variantId: string, quantity: string): Checked {
  if (!product) return { problem: { field: 'product', message: pickerMessages.product } };
  const variant = product.hasVariants ? product.variants.find((v) => String(v.id) === variantId) : undefined;
  if (product.hasVariants && !variant) return { problem: { field: 'variant', message: pickerMessages.variant } };
  const amount = Number(quantity);
  if (!Number.isInteger(amount) || amount < 1 || amount > 99) return { problem: { field: 'quantity', message: orderMessages.quantity } };
  return {
    line: {
      product_id: product.id,
      variant_id: variant?.id ?? null,
      quantity: amount,
      name: product.name,
      variantName: variant?.name ?? null,
      price: variant?.price ?? product.price,
      isDigital: product.isDigital,
    },
  };
}

function ProductOptions({ pending, rows }: { pending: boolean; rows: Product[] }) {
  if (pending) return <option value="">A carregar produtos...</option>;
  return (
    <>
      <option value="">{rows.length === 0 ? 'Nenhum produto encontrado' : 'Escolha um produto'}</option>
      {rows.map((p) => (
        <option key={p.id} value={p.id}>
          {productOptionLabel(p)}
        </option>
      ))}
    </>
  );
}

function VariantOptions({ product }: { product: Product }) {
  return (
    <>
      <option value="">Escolha uma variante</option>
      {product.variants.map((v) => (
        <option key={v.id} value={v.id}>
          {`${v.name} — ${formatEuros(v.price)}${product.isDigital ? '' : ` (${stockWords(v.stock)})`}`}
        </option>
      ))}
    </>
  );
}

type Props = {
  productSelectRef: RefObject<HTMLSelectElement | null>;
  addRef: RefObject<HTMLButtonElement | null>;
  /** What else describes the product select (the list's own error). */
  describedBy: string | undefined;
  /** A checked line: product, its variant, a quantity of 1 to 99. */
  onAdd: (line: ItemRow) => void;
};

/** The order form's product picker (backoffice.md §2): search on the server, product, variant, quantity, then add. */
export function OrderProductPicker({ productSelectRef, addRef, describedBy, onAdd }: Props) {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [productId, setProductId] = useState('');
  const [variantId, setVariantId] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [pickerError, setPickerError] = useState<{ field: PickerField; message: string } | null>(null);
  const products = useQuery(orderProductsQueryOptions(q));
  const ids = { search: useId(), product: useId(), variant: useId(), quantity: useId(), pickerError: useId() };
  const variantRef = useRef<HTMLSelectElement>(null);
  const quantityRef = useRef<HTMLInputElement>(null);

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

  const chooseProduct = (value: string) => {
    setProductId(value);
    setPickerError(null);
    const chosen = rows.find((p) => String(p.id) === value);
    // Like the shop's product page: the first variant (with stock, if any) is preselected.
    const first = chosen?.hasVariants ? (chosen.variants.find((v) => v.stock > 0) ?? chosen.variants[0]) : undefined;
    setVariantId(first ? String(first.id) : '');
  };

  const add = () => {
    const checked = checkedLine(product, variantId, quantity);
    setPickerError(checked.problem ?? null);
    if (checked.problem) {
      const refs = { product: productSelectRef, variant: variantRef, quantity: quantityRef };
      refs[checked.problem.field].current?.focus();
      return;
    }
    onAdd(checked.line);
    setQuantity('1');
  };

  const pickerDescribed = (field: PickerField) =>
    pickerError?.field === field ? { isInvalid: true, 'aria-invalid': true, 'aria-describedby': ids.pickerError } : {};

  return (
    <div className="border rounded p-3 mb-3 bg-body-tertiary">
      <Row className="g-2 align-items-end">
        <PickerColumn xs={12} md={6} id={ids.search} label="Pesquisar produto">
          <Form.Control
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
        </PickerColumn>
        <PickerColumn xs={12} md={6} id={ids.product} label="Produto">
          <Form.Select
            ref={productSelectRef}
            value={product ? productId : ''}
            disabled={products.isPending}
            onChange={(e) => chooseProduct(e.target.value)}
            {...pickerDescribed('product')}
            aria-describedby={
              [pickerError?.field === 'product' ? ids.pickerError : undefined, describedBy].filter(Boolean).join(' ') ||
              undefined
            }
          >
            <ProductOptions pending={products.isPending} rows={rows} />
          </Form.Select>
        </PickerColumn>
        {product?.hasVariants && (
          <PickerColumn xs={12} md={6} id={ids.variant} label="Variante">
            <Form.Select
              ref={variantRef}
              value={variantId}
              onChange={(e) => {
                setVariantId(e.target.value);
                setPickerError(null);
              }}
              {...pickerDescribed('variant')}
            >
              <VariantOptions product={product} />
            </Form.Select>
          </PickerColumn>
        )}
        <PickerColumn xs={4} md={2} id={ids.quantity} label="Quantidade">
          <Form.Control
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
        </PickerColumn>
        <Col xs={8} md="auto">
          <Button ref={addRef} variant="outline-primary" className="w-100 text-nowrap" onClick={add}>
            <BiPlusLgIcon className="bi me-1" aria-hidden="true" />
            Adicionar produto
          </Button>
        </Col>
      </Row>
      {pickerError && (
        <div className="invalid-feedback d-block" id={ids.pickerError}>
          {pickerError.message}
        </div>
      )}
      <ProductsLoadState products={products} />
    </div>
  );
}

/** A column of the picker: its label above its control, tied to it by the group's id. */
function PickerColumn({ id, label, xs, md, children }: { id: string; label: string; xs: number; md: number; children: ReactNode }) {
  return (
    <Form.Group as={Col} xs={xs} md={md} controlId={id}>
      <Form.Label className="small mb-1">{label}</Form.Label>
      {children}
    </Form.Group>
  );
}

/** The product search's state under the picker: its failure with a retry, or that it is searching. */
function ProductsLoadState({ products }: { products: UseQueryResult<unknown> }) {
  if (products.isError) {
    return (
      <div className="d-flex flex-wrap align-items-center gap-2 mt-2 text-danger small">
        <span>Erro ao carregar produtos.</span>
        <Button variant="outline-danger" size="sm" onClick={() => void products.refetch()} disabled={products.isFetching}>
          Tentar novamente
        </Button>
      </div>
    );
  }
  if (!products.isFetching || products.isPending) return null;
  return (
    <div className="small text-secondary mt-2">
      <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
      A procurar produtos...
    </div>
  );
}

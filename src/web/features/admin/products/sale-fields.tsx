import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { get, useFormContext, useWatch } from 'react-hook-form';
import { formatCalendarDay } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import type { Variant } from '#shared/schemas/catalog.ts';
import { fieldId, FormField } from '../../../components/form/field.tsx';
import type { ProductFormValues } from './product-form-values.ts';

type SaleField = 'sale_price' | 'sale_starts_at' | 'sale_ends_at';
/** Where a sale's fields live in the form: the product's own ('') or a variant's (`variants.2.`). */
type Prefix = '' | `variants.${number}.`;
/** What the shop shows of the saved price today (the answer's fields, a product's or a variant's). */
export type SaleShownNow = Pick<Variant, 'sale_price' | 'lowest_price_30d' | 'sale_ends_at' | 'sale'>;

/** The saved sale as the shop applies it today: the lowest price of 30 days while it applies (DL 70/2007, art. 5.º). */
function SaleNow({ shown, id }: { shown: SaleShownNow | undefined; id: string }) {
  if (!shown?.sale) return null;
  const applies = shown.sale_price != null;
  return (
    <p className="small mb-0 mt-2" id={id}>
      {applies ?
        <>
          <strong>Em promoção na loja.</strong> Preço mais baixo nos últimos 30 dias: <strong>{formatEuros(shown.lowest_price_30d)}</strong>
          {shown.sale_ends_at ? ` (até ${formatCalendarDay(shown.sale_ends_at)})` : ''}. A loja mostra-o ao lado do preço de promoção.
        </>
      : 'A promoção guardada não se aplica hoje: a loja mostra o preço normal.'}
    </p>
  );
}

/**
 * A sale on the product or on one variant (decision 0048): its price (euros, with IVA, below the price) and its
 * first and last days, both optional; the server's rules come back on these fields. «Remover promoção» empties
 * them: the sale ends when the form is saved.
 */
export function SaleFields({ prefix, shown, labelSuffix, compact = false }: { prefix: Prefix; shown?: SaleShownNow | undefined; labelSuffix?: ReactNode; compact?: boolean }) {
  const {
    register,
    setValue,
    setFocus,
    control,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const name = (field: SaleField) => `${prefix}${field}` as const;
  const values = useWatch({ control, name: [name('sale_price'), name('sale_starts_at'), name('sale_ends_at')] });
  const input = (field: SaleField) => ({
    id: fieldId('product', name(field)),
    registration: register(name(field)),
    error: (get(errors, name(field)) as { message?: string } | undefined)?.message,
    className: '',
    labelClassName: compact ? 'small mb-1' : undefined,
  });
  const remove = () => {
    for (const field of ['sale_price', 'sale_starts_at', 'sale_ends_at'] as const) setValue(name(field), '', { shouldDirty: true, shouldValidate: false });
    setTimeout(() => setFocus(name('sale_price')), 0);
  };
  const hasSale = values.some((v) => Boolean(v?.trim()));
  return (
    <>
      <Row className="g-2">
        <Col xs={12} sm={4}>
          <FormField label={<>Preço de promoção (€){labelSuffix}</>} inputMode="decimal" autoComplete="off" help={compact ? undefined : 'Com IVA incluído, abaixo do preço.'} {...input('sale_price')} />
        </Col>
        <Col xs={6} sm={4}>
          <FormField label={<>Primeiro dia (opcional){labelSuffix}</>} type="date" {...input('sale_starts_at')} />
        </Col>
        <Col xs={6} sm={4}>
          <FormField label={<>Último dia (opcional){labelSuffix}</>} type="date" {...input('sale_ends_at')} />
        </Col>
      </Row>
      <SaleNow shown={shown} id={fieldId('product', `${name('sale_price')}-now`)} />
      {hasSale && (
        <Button variant="outline-secondary" size="sm" className="mt-2" onClick={remove}>
          Remover promoção{labelSuffix}
        </Button>
      )}
    </>
  );
}

/** The «Promoção» section of a product sold without variants. */
export const ProductSaleFieldset = ({ shown }: { shown: SaleShownNow | undefined }) => (
  <fieldset className="mb-4">
    <legend className="fs-5">Promoção</legend>
    <p className="small text-secondary">
      Durante a promoção a loja mostra o preço de promoção, o preço anterior riscado e o preço mais baixo dos 30 dias antes da promoção
      (Decreto-Lei n.º 70/2007, art. 5.º). Sem dias, começa ao guardar e dura até a remover.
    </p>
    <SaleFields prefix="" shown={shown} />
  </fieldset>
);

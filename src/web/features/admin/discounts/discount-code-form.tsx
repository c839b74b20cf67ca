import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useWatch } from 'react-hook-form';
import { DISCOUNT_KINDS, type DiscountKind } from '#shared/discounts.ts';
import { type DiscountCode, type DiscountCodeInput, discountCodeBody } from '#shared/schemas/discounts.ts';
import { FormField, SelectField } from '../../../components/form/field.tsx';
import { decimalText, InlineRecordForm, useInlineRecordForm } from '../inline-record-form.tsx';
import { nounWords, type RecordNoun } from '../record-noun.ts';
import { useSaveDiscountCode } from './api.ts';
import { LabelOptions } from '../../../components/form/label-options.tsx';

export const discountCodeNoun: RecordNoun = { one: 'código de desconto', many: 'códigos de desconto', list: 'discounts' };

export const discountKindLabel: Record<DiscountKind, string> = { percent: 'Percentagem', fixed: 'Valor fixo', free_shipping: 'Portes grátis' };

/** The form's values from a code (editing) or a new 10 % code. */
const formValues = (code: DiscountCode | null): DiscountCodeInput => ({
  code: code?.code ?? '',
  kind: code?.kind ?? 'percent',
  value: code ? (code.kind === 'fixed' ? decimalText(code.value) : String(code.value)) : '10',
  min_order: decimalText(code?.min_order),
  starts_at: code?.starts_at ?? '',
  ends_at: code?.ends_at ?? '',
  max_uses: code?.max_uses ?? '',
  max_uses_per_customer: code?.max_uses_per_customer ?? '',
  active: code?.active ?? true,
});

/** A code's form: the code, its kind and value, the minimum order, its days, its limits, and whether it is on. */
export function DiscountCodeForm({ code, onDone }: { code: DiscountCode | null; onDone: (message: string) => void }) {
  const save = useSaveDiscountCode();
  const record = useInlineRecordForm({ prefix: 'discount', schema: discountCodeBody, noun: discountCodeNoun, editing: code, values: formValues, save: save.mutateAsync, onDone });
  const { form, field, idOf } = record;
  const kind = useWatch({ control: form.control, name: 'kind' });

  return (
    <InlineRecordForm record={record} title={code ? `Editar «${code.code}»` : nounWords(discountCodeNoun).create} activeLabel="Ativo (aceite no carrinho e no checkout)">
      <Row>
        <Col xs={12} md={4}>
          <FormField id={idOf('code')} label="Código" help="Letras e algarismos; maiúsculas e minúsculas são o mesmo código." autoCapitalize="characters" {...field('code')} />
        </Col>
        <Col xs={12} md={4}>
          <SelectField id={idOf('kind')} label="Tipo" {...field('kind')}>
            <LabelOptions values={DISCOUNT_KINDS} labels={discountKindLabel} />
          </SelectField>
        </Col>
        <Col xs={12} md={4}>
          {kind !== 'free_shipping' && (
            <FormField id={idOf('value')} label={kind === 'percent' ? 'Percentagem (%)' : 'Valor (€)'} inputMode={kind === 'percent' ? 'numeric' : 'decimal'} {...field('value')} />
          )}
        </Col>
      </Row>
      <FormField id={idOf('min_order')} label="Encomenda mínima (€)" help="Vazio: qualquer valor. Conta o valor dos produtos, antes de portes." inputMode="decimal" {...field('min_order')} />
      <Row>
        <Col xs={12} md={6}>
          <FormField id={idOf('starts_at')} label="Válido a partir de" type="date" help="Vazio: desde já." {...field('starts_at')} />
        </Col>
        <Col xs={12} md={6}>
          <FormField id={idOf('ends_at')} label="Válido até (inclusive)" type="date" help="Vazio: sem fim." {...field('ends_at')} />
        </Col>
      </Row>
      <Row>
        <Col xs={12} md={6}>
          <FormField id={idOf('max_uses')} label="Usos no total" type="number" min={1} help="Vazio: sem limite." {...field('max_uses')} />
        </Col>
        <Col xs={12} md={6}>
          <FormField id={idOf('max_uses_per_customer')} label="Usos por cliente" type="number" min={1} help="Por conta, ou por e-mail para quem compra sem conta." {...field('max_uses_per_customer')} />
        </Col>
      </Row>
    </InlineRecordForm>
  );
}

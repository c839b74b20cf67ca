import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { type Resolver, useWatch } from 'react-hook-form';
import { DISCOUNT_KINDS, type DiscountKind } from '#shared/discounts.ts';
import { type DiscountCode, type DiscountCodeInput, discountCodeBody, type DiscountCodeValues } from '#shared/schemas/discounts.ts';
import { CheckField, fieldBinder, FormField, SelectField } from '../../../components/form/field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useServerForm } from '../../../components/form/use-server-form.ts';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { useSaveDiscountCode } from './api.ts';

export const discountKindLabel: Record<DiscountKind, string> = { percent: 'Percentagem', fixed: 'Valor fixo', free_shipping: 'Portes grátis' };

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value).replace('.', ','));

/** The form's values from a code (editing) or a new 10 % code. */
const formValues = (code: DiscountCode | null): DiscountCodeInput => ({
  code: code?.code ?? '',
  kind: code?.kind ?? 'percent',
  value: code ? (code.kind === 'fixed' ? text(code.value) : String(code.value)) : '10',
  min_order: text(code?.min_order),
  starts_at: code?.starts_at ?? '',
  ends_at: code?.ends_at ?? '',
  max_uses: code?.max_uses ?? '',
  max_uses_per_customer: code?.max_uses_per_customer ?? '',
  active: code?.active ?? true,
});

const FIELDS = ['code', 'kind', 'value', 'min_order', 'starts_at', 'ends_at', 'max_uses', 'max_uses_per_customer', 'active'];

/** A code's form: the code, its kind and value, the minimum order, its days, its limits, and whether it is on. */
export function DiscountCodeForm({ code, onDone }: { code: DiscountCode | null; onDone: (message: string) => void }) {
  const save = useSaveDiscountCode();
  const { form, error, busy, submit } = useServerForm(
    zodResolver(discountCodeBody) as Resolver<DiscountCodeInput, unknown, DiscountCodeValues>,
    formValues(code),
    { accept: (name) => (FIELDS.includes(name) ? name : undefined), fallback: 'Erro ao guardar o código de desconto.', alertWithFields: true },
  );
  const { register, control, formState } = form;
  const field = fieldBinder(register, formState.errors);
  const kind = useWatch({ control, name: 'kind' });
  const idOf = (name: string) => `discount-${name}`;

  const onSubmit = submit(async () => {
    await save.mutateAsync({ id: code?.id ?? null, body: form.getValues() });
    onDone(code ? 'Código de desconto guardado.' : 'Código de desconto criado.');
  });

  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby="discount-form-title">
      <h3 id="discount-form-title" className="h5 mb-3">
        {code ? `Editar «${code.code}»` : 'Novo código de desconto'}
      </h3>
      <MessageAlert message={error} variant="danger" className="mb-3" />
      <Row>
        <Col xs={12} md={4}>
          <FormField id={idOf('code')} label="Código" help="Letras e algarismos; maiúsculas e minúsculas são o mesmo código." autoCapitalize="characters" {...field('code')} />
        </Col>
        <Col xs={12} md={4}>
          <SelectField id={idOf('kind')} label="Tipo" {...field('kind')}>
            {DISCOUNT_KINDS.map((k) => (
              <option key={k} value={k}>
                {discountKindLabel[k]}
              </option>
            ))}
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
      <CheckField id={idOf('active')} type="switch" label="Ativo (aceite no carrinho e no checkout)" registration={register('active')} className="mb-3" />
      <div className="d-flex gap-2">
        <SubmitButton busy={busy}>Guardar</SubmitButton>
        <Button variant="outline-secondary" onClick={() => onDone('')} disabled={busy}>
          Cancelar
        </Button>
      </div>
    </Form>
  );
}

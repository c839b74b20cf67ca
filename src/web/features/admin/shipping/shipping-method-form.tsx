import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useFieldArray, useWatch } from 'react-hook-form';
import { SHIPPING_KINDS, SHIPPING_ZONES, shippingKindLabel, shippingZoneLabel } from '#shared/shipping.ts';
import { type ShippingMethod, type ShippingMethodInput, shippingMethodBody } from '#shared/schemas/shipping.ts';
import { FormField, SelectField } from '../../../components/form/field.tsx';
import { decimalText, InlineRecordForm, useInlineRecordForm } from '../inline-record-form.tsx';
import type { ShippingZoneAnswer } from '#shared/schemas/zones.ts';
import { nounWords, type RecordNoun } from '../record-noun.ts';
import { useSaveShippingMethod } from './api.ts';
import { LabelOptions } from '../../../components/form/label-options.tsx';

/** The form's values from a method (editing) or a new mainland flat method. */
export const shippingMethodNoun: RecordNoun = { one: 'método de envio', many: 'métodos de envio', list: 'shipping' };

export const formValues = (method: ShippingMethod | null): ShippingMethodInput => ({
  zone: method?.zone ?? 'continente',
  name: method?.name ?? '',
  kind: method?.kind ?? 'flat',
  price: decimalText(method?.price ?? null),
  bands: method?.bands.map((b) => ({ up_to: decimalText(b.up_to), price: decimalText(b.price) })) ?? [],
  free_above: decimalText(method?.free_above ?? null),
  days_min: method?.days_min ?? 2,
  days_max: method?.days_max ?? 5,
  active: method?.active ?? true,
  pickup_address: method?.pickup_address ?? '',
  pickup_hours: method?.pickup_hours ?? '',
});

/** A method's form: zone, name, how the price is made (flat, bands of value or weight, pickup), free above, days, active. */
export function ShippingMethodForm({ method, zones = [], onDone }: { method: ShippingMethod | null; zones?: readonly ShippingZoneAnswer[]; onDone: (message: string) => void }) {
  const save = useSaveShippingMethod();
  const record = useInlineRecordForm({ prefix: 'shipping', schema: shippingMethodBody, noun: shippingMethodNoun, editing: method, values: formValues, save: save.mutateAsync, onDone });
  const { form, field, idOf } = record;
  const { control, formState } = form;
  const kind = useWatch({ control, name: 'kind' });
  const bands = useFieldArray({ control, name: 'bands' });
  const banded = kind === 'value_bands' || kind === 'weight_bands';

  return (
    <InlineRecordForm record={record} title={method ? `Editar «${method.name}»` : nounWords(shippingMethodNoun).create} activeLabel="Ativo (oferecido no checkout)">
      <Row>
        <Col xs={12} md={4}>
          <SelectField id={idOf('zone')} label="Zona" {...field('zone')}>
            <LabelOptions values={SHIPPING_ZONES} labels={shippingZoneLabel} />
            {zones.map((zone) => (
              <option key={zone.code} value={zone.code}>
                {zone.name}
              </option>
            ))}
          </SelectField>
        </Col>
        <Col xs={12} md={8}>
          <FormField id={idOf('name')} label="Nome (como o cliente o vê)" {...field('name')} />
        </Col>
      </Row>
      <SelectField id={idOf('kind')} label="Preço" {...field('kind')}>
        <LabelOptions values={SHIPPING_KINDS} labels={shippingKindLabel} />
      </SelectField>
      {kind === 'flat' && <FormField id={idOf('price')} label="Preço (€)" inputMode="decimal" {...field('price')} />}
      {banded && (
        <fieldset className="mb-3">
          <legend className="h6">{kind === 'weight_bands' ? 'Escalões de peso (até X gramas)' : 'Escalões de valor (encomendas até X €)'}</legend>
          <p className="small text-secondary">O último escalão pode ficar sem limite («e acima»).</p>
          {bands.fields.map((band, index) => (
            <Row key={band.id} className="align-items-end">
              <Col xs={5}>
                <FormField id={idOf(`bands.${index}.up_to`)} label={kind === 'weight_bands' ? `Até (g), escalão ${index + 1}` : `Até (€), escalão ${index + 1}`} inputMode="decimal" {...field(`bands.${index}.up_to`)} />
              </Col>
              <Col xs={4}>
                <FormField id={idOf(`bands.${index}.price`)} label={`Preço (€), escalão ${index + 1}`} inputMode="decimal" {...field(`bands.${index}.price`)} />
              </Col>
              <Col xs={3} className="mb-3">
                <Button variant="outline-danger" size="sm" onClick={() => bands.remove(index)}>
                  Retirar<span className="visually-hidden"> o escalão {index + 1}</span>
                </Button>
              </Col>
            </Row>
          ))}
          <Button variant="outline-secondary" size="sm" onClick={() => bands.append({ up_to: '', price: '' })}>
            Acrescentar escalão
          </Button>
          {formState.errors.bands?.message && <div className="invalid-feedback d-block">{formState.errors.bands.message}</div>}
        </fieldset>
      )}
      {kind === 'pickup' ?
        <>
          <FormField id={idOf('pickup_address')} label="Morada do ateliê" {...field('pickup_address')} />
          <FormField id={idOf('pickup_hours')} label="Horário de levantamento" {...field('pickup_hours')} />
        </>
      : <FormField id={idOf('free_above')} label="Grátis a partir de (€)" help="Vazio: nunca é grátis nesta zona." inputMode="decimal" {...field('free_above')} />}
      <Row>
        <Col xs={6}>
          <FormField id={idOf('days_min')} label="Entrega: mínimo de dias úteis" type="number" min={0} max={60} {...field('days_min')} />
        </Col>
        <Col xs={6}>
          <FormField id={idOf('days_max')} label="Entrega: máximo de dias úteis" type="number" min={0} max={60} {...field('days_max')} />
        </Col>
      </Row>
    </InlineRecordForm>
  );
}

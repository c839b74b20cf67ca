import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { Resolver } from 'react-hook-form';
import { countryOptions, EU_COUNTRIES } from '#shared/countries.ts';
import { type ShippingZoneAnswer, shippingZoneBody, type ShippingZoneInput, type ShippingZoneValues } from '#shared/schemas/zones.ts';
import { fieldBinder, FormField } from '../../../components/form/field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useServerForm } from '../../../components/form/use-server-form.ts';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { useSaveShippingZone } from './api.ts';

/** Every EU country but Portugal, whose zones come from the postcode. */
const CHOICES = countryOptions(Object.keys(EU_COUNTRIES)).filter((c) => c !== 'PT');
const FIELDS = ['code', 'name', 'countries'];

/** A zone's form (decision 0055): its code (what the methods name), its name, and its countries. */
export function ShippingZoneForm({ zone, onDone }: { zone: ShippingZoneAnswer | null; onDone: (message: string) => void }) {
  const save = useSaveShippingZone();
  const { form, error, busy, submit } = useServerForm(
    zodResolver(shippingZoneBody) as Resolver<ShippingZoneInput, unknown, ShippingZoneValues>,
    { code: zone?.code ?? '', name: zone?.name ?? '', countries: zone?.countries ?? [] },
    { accept: (name) => (FIELDS.includes(name.split('.')[0] ?? '') ? name : undefined), fallback: 'Erro ao guardar a zona de envio.', alertWithFields: true },
  );
  const { register, formState } = form;
  const field = fieldBinder(register, formState.errors);
  const countriesError = formState.errors.countries?.message ?? formState.errors.countries?.root?.message;

  const onSubmit = submit(async () => {
    await save.mutateAsync({ id: zone?.id ?? null, body: form.getValues() });
    onDone(zone ? 'Zona de envio guardada.' : 'Zona de envio criada. Acrescente-lhe um método de envio.');
  });

  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby="zone-form-title">
      <h3 id="zone-form-title" className="h5 mb-3">
        {zone ? `Editar a zona «${zone.name}»` : 'Nova zona de envio'}
      </h3>
      <MessageAlert message={error} variant="danger" className="mb-3" />
      <Row>
        <Col xs={12} md={6}>
          <FormField id="zone-name" label="Nome (como o cliente o vê)" {...field('name')} />
        </Col>
        <Col xs={12} md={6}>
          <FormField id="zone-code" label="Código" help="Letras minúsculas, algarismos ou hífenes, por exemplo «espanha»." {...field('code')} />
        </Col>
      </Row>
      <fieldset className="mb-3" aria-describedby={countriesError ? 'zone-countries-error' : 'zone-countries-help'}>
        <legend className="h6">Países</legend>
        <p id="zone-countries-help" className="small text-secondary">
          Só países da União Europeia; cada país pertence a uma zona.
        </p>
        <Row xs={2} sm={3} lg={4}>
          {CHOICES.map((code) => (
            <Col key={code}>
              <Form.Check id={`zone-country-${code}`} type="checkbox" value={code} label={`${EU_COUNTRIES[code]} (${code})`} isInvalid={Boolean(countriesError)} {...register('countries')} />
            </Col>
          ))}
        </Row>
        {countriesError && (
          <div id="zone-countries-error" className="invalid-feedback d-block">
            {countriesError}
          </div>
        )}
      </fieldset>
      <div className="d-flex gap-2">
        <SubmitButton busy={busy}>Guardar zona</SubmitButton>
        <Button variant="outline-secondary" onClick={() => onDone('')} disabled={busy}>
          Cancelar
        </Button>
      </div>
    </Form>
  );
}

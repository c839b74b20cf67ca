import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { formatCalendarDay, lisbonToday } from '#shared/dates.ts';
import { taxMessages, taxSettingBody, type TaxSettings } from '#shared/schemas/tax.ts';
import { ART53_TEXT, VAT_REGIMES, VAT_REGIONS } from '#shared/vat.ts';
import { regimeLabel, regionLabel } from '#shared/vat-labels.ts';
import { SelectField, FormField } from '../../../components/form/field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useServerForm } from '../../../components/form/use-server-form.ts';
import { QueryState } from '../query-state.tsx';
import { taxSettingsQuery, useSaveTaxSetting } from './api.ts';
import { LabelOptions } from '../../../components/form/label-options.tsx';

/** What applies today, in the owner's words. */
function Current({ settings }: { settings: TaxSettings }) {
  const exempt = settings.regime === 'exempt_art53';
  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">Em vigor</h2>
        <dl className="mb-0">
          <dt>Regime</dt>
          <dd>{regimeLabel[settings.regime]}</dd>
          <dt>Região da loja</dt>
          <dd>{regionLabel[settings.region]}</dd>
          <dt>Taxas</dt>
          <dd className="mb-0">
            {exempt ?
              `Não cobra IVA: faturas e recibos levam «${ART53_TEXT}» (motivo M10).`
            : `Normal ${settings.rates.normal} %, intermédia ${settings.rates.intermediate} %, reduzida ${settings.rates.reduced} %.`}
          </dd>
        </dl>
        {settings.scheduled.length > 0 && (
          <ul className="small mt-3 mb-0">
            {settings.scheduled.map((s) => (
              <li key={s.valid_from}>
                A partir de {formatCalendarDay(s.valid_from)}: {regimeLabel[s.regime]}, {regionLabel[s.region]}.
              </li>
            ))}
          </ul>
        )}
      </Card.Body>
    </Card>
  );
}

/** A regime and region from a day on: the orders already placed keep what they were sold under. */
function ChangeForm({ settings }: { settings: TaxSettings }) {
  const save = useSaveTaxSetting();
  const [saved, setSaved] = useState('');
  const { field, error, busy, submit } = useServerForm(
    taxSettingBody,
    { regime: settings.regime, region: settings.region, valid_from: lisbonToday() },
    { accept: ['regime', 'region', 'valid_from'], fallback: 'Não foi possível guardar. Tente novamente.' },
  );
  const onSubmit = submit(async (values) => {
    setSaved('');
    await save.mutateAsync(values);
    setSaved(taxMessages.saved);
  });
  return (
    <Card>
      <Card.Body>
        <h2 className="h5">Mudar a partir de uma data</h2>
        <Form noValidate onSubmit={onSubmit}>
          <SelectField id="tax-regime" label="Regime de IVA" {...field('regime')}>
            <LabelOptions values={VAT_REGIMES} labels={regimeLabel} />
          </SelectField>
          <SelectField id="tax-region" label="Região da loja" help="A taxa é a da região onde a loja está, não a da morada de entrega (CIVA art. 6.º)." {...field('region')}>
            <LabelOptions values={VAT_REGIONS} labels={regionLabel} />
          </SelectField>
          <FormField id="tax-valid-from" label="A partir de" type="date" min={lisbonToday()} help="As encomendas já feitas ficam com o IVA com que foram vendidas." {...field('valid_from')} />
          {error && <p className="text-danger small">{error}</p>}
          <SubmitButton busy={busy} busyLabel="A guardar...">
            Guardar
          </SubmitButton>
          {saved && (
            <Alert variant="success" className="mt-3 mb-0" role="status">
              {saved}
            </Alert>
          )}
        </Form>
      </Card.Body>
    </Card>
  );
}

/** The back office's "IVA" tab: the shop's VAT regime and region (issue #29, decision 0053). */
export function TaxTab() {
  const query = useQuery(taxSettingsQuery);
  return (
    <section aria-labelledby="tax-title">
      <h2 id="tax-title" className="h4 mb-3">
        IVA
      </h2>
      <p className="text-secondary">
        O regime de IVA da loja e a região onde está. Cada produto tem a sua taxa (normal, intermédia, reduzida ou isento), na ficha do produto.
      </p>
      <QueryState query={query} loadingLabel="A carregar as definições de IVA..." loadError="Não foi possível carregar as definições de IVA.">
        {(settings) => (
          <div className="row g-4">
            <div className="col-lg-6">
              <Current settings={settings} />
            </div>
            <div className="col-lg-6">
              <ChangeForm settings={settings} />
            </div>
          </div>
        )}
      </QueryState>
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import Table from 'react-bootstrap/Table';
import { SHIPPING_ZONES, shippingKindLabel, shippingZoneLabel, deliveryDays, priceWords } from '#shared/shipping.ts';
import type { ShippingMethod, ShippingMethodList } from '#shared/schemas/shipping.ts';
import { countryList, type ShippingZoneAnswer } from '#shared/schemas/zones.ts';
import { toShippingRules } from '#shared/shipping.ts';
import { errorMessage } from '../../../api/client.ts';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { ACTIONS_COLUMN, TableHead } from '../../../components/table-head.tsx';
import { EditDeleteButtons, InlineEditorTab } from '../inline-editor-tab.tsx';
import { shippingMethodsQuery, shippingZonesQuery, useDeleteShippingMethod } from './api.ts';
import { nounWords } from '../record-noun.ts';
import { ShippingMethodForm, shippingMethodNoun } from './shipping-method-form.tsx';
import { ZonesSection } from './zones-section.tsx';

/** One zone's methods: what each charges, in the terms' words, and its delivery time. */
function ZoneTable({ zone, label, methods, onEdit, onDelete }: { zone: string; label: string; methods: ShippingMethod[]; onEdit: (m: ShippingMethod) => void; onDelete: (m: ShippingMethod) => void }) {
  return (
    <section className="mb-4" aria-labelledby={`envios-${zone}`}>
      <h3 id={`envios-${zone}`} className="h6">
        {label}
      </h3>
      {methods.length === 0 ?
        <p className="text-secondary small">Sem métodos: esta zona não recebe encomendas com envio.</p>
      : <Table responsive size="sm" className="align-middle">
          <TableHead columns={['Nome', 'Preço', 'Prazo', 'Estado', ACTIONS_COLUMN]} />
          <tbody>
            {methods.map((m) => (
              <tr key={m.id}>
                <td>
                  {m.name}
                  <div className="small text-secondary">{shippingKindLabel[m.kind]}</div>
                </td>
                <td className="small">{priceWords(toShippingRules(m))}</td>
                <td className="small text-nowrap">{deliveryDays({ daysMin: m.days_min, daysMax: m.days_max })}</td>
                <td className="small">{m.active ? 'Ativo' : 'Inativo'}</td>
                <td className="text-end text-nowrap">
                  <EditDeleteButtons name={`${m.name} (${label})`} onEdit={() => onEdit(m)} onDelete={() => onDelete(m)} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      }
    </section>
  );
}

/** The built-in zones (from the postcode) and the zones the owner added, each with the words its table goes by. */
const zoneTables = (added: readonly ShippingZoneAnswer[]) => [
  ...SHIPPING_ZONES.map((zone) => ({ zone: zone as string, label: shippingZoneLabel[zone] })),
  ...added.map((z) => ({ zone: z.code, label: `${z.name}: ${countryList(z.countries)}` })),
];

/**
 * "Envios" (issue #29, decisions 0046 and 0055): the shop's shipping methods per zone (mainland, Madeira, Azores, and
 * the zones abroad the owner adds with their countries), set without code; the checkout, the cart, the terms and the
 * product page say and charge what is here.
 */
export function ShippingTab() {
  const list = useQuery(shippingMethodsQuery);
  const zones = useQuery(shippingZonesQuery);
  const remove = useDeleteShippingMethod();
  if (zones.isPending) return <PageSpinner label={nounWords(shippingMethodNoun).loadingMany} />;
  if (zones.isError) return <RetryAlert message={errorMessage(zones.error, 'Erro ao carregar as zonas de envio.')} retrying={zones.isFetching} onRetry={() => void zones.refetch()} />;
  const added = zones.data.zones;
  return (
    <InlineEditorTab<ShippingMethod, ShippingMethodList>
      list={list}
      noun={shippingMethodNoun}
      intro="Em Portugal, a zona vem do código postal da morada: continente (1000 a 8999), Madeira e Porto Santo (9000 a 9499), Açores (9500 a 9999); noutro país da União Europeia, é a zona que acrescentou com esse país. No checkout, a cliente vê os métodos ativos da sua zona; fica escolhido o mais barato com entrega em casa."
      form={(method, onDone) => <ShippingMethodForm method={method} zones={added} onDone={onDone} />}
      deletion={{
        mutation: remove,
        question: (m) => `Eliminar «${m?.name ?? ''}»? As encomendas já feitas guardam o nome e os portes que pagaram.`,
      }}
    >
      {({ methods }, actions) => (
        <>
          {zoneTables(added).map(({ zone, label }) => (
            <ZoneTable key={zone} zone={zone} label={label} methods={methods.filter((m) => m.zone === zone)} onEdit={actions.edit} onDelete={actions.remove} />
          ))}
          <ZonesSection zones={added} />
        </>
      )}
    </InlineEditorTab>
  );
}

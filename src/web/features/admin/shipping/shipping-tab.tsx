import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { SHIPPING_ZONES, shippingKindLabel, shippingZoneLabel, deliveryDays, priceWords } from '#shared/shipping.ts';
import { countryList } from '#shared/schemas/zones.ts';
import type { ShippingMethod } from '#shared/schemas/shipping.ts';
import { toShippingRules } from '#shared/shipping.ts';
import { errorMessage } from '../../../api/client.ts';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { useConfirmDelete } from '../../../components/use-confirm-delete.ts';
import { shippingMethodsQuery, shippingZonesQuery, useDeleteShippingMethod } from './api.ts';
import { ShippingMethodForm } from './shipping-method-form.tsx';
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
          <thead>
            <tr>
              <th scope="col">Nome</th>
              <th scope="col">Preço</th>
              <th scope="col">Prazo</th>
              <th scope="col">Estado</th>
              <th scope="col">
                <span className="visually-hidden">Ações</span>
              </th>
            </tr>
          </thead>
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
                  <Button size="sm" variant="outline-primary" className="me-2" onClick={() => onEdit(m)}>
                    Editar<span className="visually-hidden"> {m.name} ({label})</span>
                  </Button>
                  <Button size="sm" variant="outline-danger" onClick={() => onDelete(m)}>
                    Eliminar<span className="visually-hidden"> {m.name} ({label})</span>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      }
    </section>
  );
}

/**
 * "Envios" (issue #29, decision 0046): the shop's shipping methods per zone (mainland, Madeira, Azores), set
 * without code; the checkout, the cart, the terms and the product page say and charge what is here.
 */
export function ShippingTab() {
  const list = useQuery(shippingMethodsQuery);
  const zones = useQuery(shippingZonesQuery);
  const [editing, setEditing] = useState<ShippingMethod | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const remove = useDeleteShippingMethod();
  const deletion = useConfirmDelete(remove, {
    keyOf: (m: ShippingMethod) => m.id,
    failed: 'Erro ao eliminar o método de envio.',
    onAsk: () => setNotice(null),
    onDeleted: (answer) => setNotice(answer.message),
  });

  if (list.isPending || zones.isPending) return <PageSpinner label="A carregar os métodos de envio..." />;
  if (list.isError) return <RetryAlert message={errorMessage(list.error, 'Erro ao carregar os métodos de envio.')} retrying={list.isFetching} onRetry={() => void list.refetch()} />;
  if (zones.isError) return <RetryAlert message={errorMessage(zones.error, 'Erro ao carregar as zonas de envio.')} retrying={zones.isFetching} onRetry={() => void zones.refetch()} />;
  const tables = [
    ...SHIPPING_ZONES.map((zone) => ({ zone, label: shippingZoneLabel[zone] })),
    ...zones.data.zones.map((z) => ({ zone: z.code, label: `${z.name}: ${countryList(z.countries)}` })),
  ];
  const done = (message: string) => {
    setEditing(null);
    setNotice(message || null);
  };
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h2 className="h4 mb-0">Envios</h2>
        <Button onClick={() => setEditing('new')} disabled={editing !== null}>
          Novo método de envio
        </Button>
      </div>
      <p className="small text-secondary">
        Em Portugal, a zona vem do código postal da morada: continente (1000 a 8999), Madeira e Porto Santo (9000 a 9499), Açores (9500 a 9999);
        noutro país da União Europeia, é a zona que acrescentou com esse país. No checkout, a cliente vê os métodos ativos da sua zona; fica
        escolhido o mais barato com entrega em casa.
      </p>
      <MessageAlert message={notice} variant="success" className="mb-3" />
      {editing !== null && (
        <Card className="mb-4 shadow-sm">
          <Card.Body>
            <ShippingMethodForm key={editing === 'new' ? 'new' : editing.id} method={editing === 'new' ? null : editing} zones={zones.data.zones} onDone={done} />
          </Card.Body>
        </Card>
      )}
      {tables.map(({ zone, label }) => (
        <ZoneTable
          key={zone}
          zone={zone}
          label={label}
          methods={list.data.methods.filter((m) => m.zone === zone)}
          onEdit={(m) => {
            setNotice(null);
            setEditing(m);
          }}
          onDelete={deletion.ask}
        />
      ))}
      <ZonesSection zones={zones.data.zones} />
      <ConfirmDeleteModal
        {...deletion.modal}
        title="Eliminar método de envio"
        question={`Eliminar «${deletion.target?.name ?? ''}»? As encomendas já feitas guardam o nome e os portes que pagaram.`}
      />
    </>
  );
}

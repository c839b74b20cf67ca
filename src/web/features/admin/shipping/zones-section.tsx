import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { countryList, type ShippingZoneAnswer } from '#shared/schemas/zones.ts';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { useConfirmDelete } from '../../../components/use-confirm-delete.ts';
import { useDeleteShippingZone } from './api.ts';
import { ShippingZoneForm } from './shipping-zone-form.tsx';

/**
 * "Zonas fora de Portugal" (decision 0055): the owner's zones of EU countries, each with its own methods below.
 * A zone with methods cannot be deleted (the server says so).
 */
export function ZonesSection({ zones }: { zones: readonly ShippingZoneAnswer[] }) {
  const [editing, setEditing] = useState<ShippingZoneAnswer | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const deletion = useConfirmDelete(useDeleteShippingZone(), {
    keyOf: (z: ShippingZoneAnswer) => z.id,
    failed: 'Erro ao eliminar a zona de envio.',
    onAsk: () => setNotice(null),
    onDeleted: (answer) => setNotice(answer.message),
  });
  const done = (message: string) => {
    setEditing(null);
    setNotice(message || null);
  };
  return (
    <section className="mb-4" aria-labelledby="envios-zonas">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <h3 id="envios-zonas" className="h6 mb-0">
          Zonas fora de Portugal
        </h3>
        <Button
          size="sm"
          variant="outline-primary"
          disabled={editing !== null}
          onClick={() => {
            setNotice(null);
            setEditing('new');
          }}
        >
          Nova zona de envio
        </Button>
      </div>
      <MessageAlert message={notice} variant="success" className="mb-3" />
      {editing !== null && (
        <Card className="mb-3 shadow-sm">
          <Card.Body>
            <ShippingZoneForm key={editing === 'new' ? 'new' : editing.id} zone={editing === 'new' ? null : editing} onDone={done} />
          </Card.Body>
        </Card>
      )}
      {zones.length === 0 ?
        <p className="text-secondary small">A loja só envia para Portugal. Para enviar para outro país da União Europeia, acrescente uma zona com esse país e um método de envio nela.</p>
      : <Table responsive size="sm" className="align-middle">
          <thead>
            <tr>
              <th scope="col">Zona</th>
              <th scope="col">Países</th>
              <th scope="col">Métodos</th>
              <th scope="col">
                <span className="visually-hidden">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {zones.map((z) => (
              <tr key={z.id}>
                <td>
                  {z.name}
                  <div className="small text-secondary">{z.code}</div>
                </td>
                <td className="small">{countryList(z.countries)}</td>
                <td className="small">{z.methods}</td>
                <td className="text-end text-nowrap">
                  <Button size="sm" variant="outline-primary" className="me-2" onClick={() => setEditing(z)} disabled={editing !== null}>
                    Editar<span className="visually-hidden"> a zona {z.name}</span>
                  </Button>
                  <Button size="sm" variant="outline-danger" onClick={() => deletion.ask(z)}>
                    Eliminar<span className="visually-hidden"> a zona {z.name}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      }
      <ConfirmDeleteModal {...deletion.modal} title="Eliminar zona de envio" question={`Eliminar a zona «${deletion.target?.name ?? ''}»? A loja deixa de enviar para os seus países.`} />
    </section>
  );
}

import { Link } from 'react-router';
import type { Service } from '#shared/schemas/services.ts';
import { paths } from '#shared/paths.ts';
import { RowActionsCell, ThumbnailCell } from '../table-cells.tsx';
import { AdminTable } from '../admin-table.tsx';

type Props = {
  services: readonly Service[];
  onDelete: (service: Service) => void;
};

/** The services tab's list: thumbnail, name, order and calendar link, in the shop's order. */
export function ServicesTable({ services, onDelete }: Props) {
  return (
    <AdminTable
      label="Lista de serviços"
      caption="Serviços da loja, pela ordem de apresentação"
      columns={[{ label: 'Imagem', hidden: true }, 'Nome', 'Ordem', 'Link do calendário', 'Ações']}
    >
      {services.map((service) => (
        <tr key={service.id}>
          <ThumbnailCell src={service.image?.thumbnail} />
          <th scope="row" className="fw-semibold text-break" style={{ minWidth: '10rem' }}>
            <Link to={paths.service(service.id)} className="link-body-emphasis">
              {service.name}
            </Link>
          </th>
          <td>{service.order}</td>
          <td className="text-break" style={{ minWidth: '12rem', maxWidth: '20rem' }}>
            <a href={service.schedule_link} target="_blank" rel="noopener noreferrer" className="small">
              {service.schedule_link}
              <span className="visually-hidden"> (abre num novo separador)</span>
            </a>
          </td>
          <RowActionsCell editHref={paths.adminEditService(service.id)} label={`serviço ${service.name}`} onDelete={() => onDelete(service)} />
        </tr>
      ))}
    </AdminTable>
  );
}

import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { Service } from '#shared/schemas/services.ts';
import { paths } from '#shared/paths.ts';
import { RowActionsCell, ThumbnailCell } from '../table-cells.tsx';

type Props = {
  services: readonly Service[];
  onDelete: (service: Service) => void;
};

/** The services tab's list: thumbnail, name, order and calendar link, in the shop's order. */
export function ServicesTable({ services, onDelete }: Props) {
  return (
    // Scrolls sideways on a phone; focusable so the keyboard can scroll it too. Positioned, so the hidden
    // screen-reader texts inside it scroll with it instead of widening the page.
    <div className="table-responsive position-relative" role="region" aria-label="Lista de serviços" tabIndex={0}>
      <Table hover className="align-middle mb-0">
        <caption className="visually-hidden">Serviços da loja, pela ordem de apresentação</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Imagem</span>
            </th>
            <th scope="col">Nome</th>
            <th scope="col">Ordem</th>
            <th scope="col">Link do calendário</th>
            <th scope="col">Ações</th>
          </tr>
        </thead>
        <tbody>
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
        </tbody>
      </Table>
    </div>
  );
}

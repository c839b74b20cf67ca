import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { Service } from '#shared/schemas/services.ts';
import { paths } from '../../../paths.ts';

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
              <td style={{ width: '4rem' }}>
                {service.image ?
                  <img src={service.image.thumbnail} alt="" width={48} height={48} className="rounded border" style={{ objectFit: 'cover' }} loading="lazy" />
                : <span
                    className="d-inline-flex align-items-center justify-content-center rounded border bg-body-tertiary text-secondary"
                    style={{ width: 48, height: 48 }}
                  >
                    <i className="bi bi-image fs-4" aria-hidden="true" />
                    <span className="visually-hidden">Sem imagem</span>
                  </span>
                }
              </td>
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
              <td>
                <div className="d-flex flex-nowrap gap-2">
                  <Link to={paths.adminEditService(service.id)} className="btn btn-sm btn-outline-primary" aria-label={`Editar serviço ${service.name}`}>
                    Editar
                  </Link>
                  <Button size="sm" variant="outline-danger" onClick={() => onDelete(service)} aria-label={`Eliminar serviço ${service.name}`}>
                    Eliminar
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

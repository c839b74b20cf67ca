import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import type { Service } from '#shared/schemas/services.ts';
import { SERVICE_CARD_TEXT_LENGTH } from '#shared/texts/services.ts';
import { CardImage } from '../../components/card-image.tsx';
import { paths } from '#shared/paths.ts';
import { cutText } from '#shared/cut-text.ts';
import { BookingLink, ServiceImagePlaceholder, summaryOf } from './service-ui.tsx';

/** backoffice.md §2: one service in the list (`priority` for the list's first, whose picture loads first). */
export function ServiceCard({ service, priority }: { service: Service; priority?: boolean }) {
  return (
    <Card className="h-100 shadow-sm">
      <CardImage className="service-card-media" image={service.image} alt={service.name} placeholder={<ServiceImagePlaceholder />} priority={priority} />
      <Card.Body className="d-flex flex-column p-2 p-sm-3">
        <h2 className="h5 fs-6 fs-sm-5 card-title text-break">{service.name}</h2>
        <p className="service-card-text text-secondary small flex-grow-1">{cutText(summaryOf(service), SERVICE_CARD_TEXT_LENGTH)}</p>
        <div className="d-grid gap-2">
          <Link to={paths.service(service.id)} className="btn btn-outline-primary" aria-label={`Ver mais: ${service.name}`}>
            Ver mais
          </Link>
          <BookingLink service={service} label="Agendar" className="btn btn-primary" />
        </div>
      </Card.Body>
    </Card>
  );
}

import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { SERVICE_CARD_TEXT_LENGTH, type Service } from '#shared/schemas/services.ts';
import { paths } from '../../paths.ts';
import { BookingLink, cutText, ServiceImagePlaceholder, summaryOf } from './service-ui.tsx';

/** Card widths by breakpoint in the grid (1, 2, 3, 4 columns in Bootstrap's containers). */
const CARD_SIZES = '(min-width: 1400px) 300px, (min-width: 1200px) 255px, (min-width: 992px) 288px, (min-width: 576px) 50vw, 100vw';

/** backoffice.md §2: one service in the list. */
export function ServiceCard({ service }: { service: Service }) {
  const { image } = service;
  return (
    <Card className="h-100 shadow-sm">
      <div className="service-card-media card-img-top">
        {image ?
          <img
            src={image.src}
            srcSet={image.srcset}
            sizes={CARD_SIZES}
            width={image.width}
            height={image.height}
            loading="lazy"
            decoding="async"
            alt={service.name}
          />
        : <ServiceImagePlaceholder />}
      </div>
      <Card.Body className="d-flex flex-column">
        <h2 className="h5 card-title text-break">{service.name}</h2>
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

import './services.css';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Link, useParams } from 'react-router';
import { formatEuros } from '#shared/money.ts';
import type { Service } from '#shared/schemas/services.ts';
import { serviceMessages } from '#shared/texts/services.ts';
import { ApiError } from '../../api/client.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { PageBreadcrumb } from '../../components/page-breadcrumb.tsx';
import { paths } from '#shared/paths.ts';
import { useSession } from '../../session/session.tsx';
import { BookingLink, ServiceImagePlaceholder } from './service-ui.tsx';
import { servicePageQueryOptions } from './api.ts';
import BiPencilIcon from '~icons/bi/pencil';

const PICTURE_SIZES = '(min-width: 1400px) 636px, (min-width: 1200px) 546px, (min-width: 992px) 456px, (min-width: 768px) 336px, 100vw';


function ServiceDetail({ service }: { service: Service }) {
  const { user } = useSession();
  const { image } = service;
  return (
    <>
      <PageBreadcrumb trail={[{ label: 'Serviços', to: paths.services }]} current={service.name} />
      <Row className="g-4">
        <Col xs={12} md={6}>
          <div className="service-picture">
            {image ?
              <img src={image.src} srcSet={image.srcset} sizes={PICTURE_SIZES} width={image.width} height={image.height} fetchPriority="high" alt={service.name} />
            : <ServiceImagePlaceholder />}
          </div>
        </Col>
        <Col xs={12} md={6}>
          <h1 className="h2 text-break mb-3">{service.name}</h1>
          {service.price !== null && (
            <p className="fs-5 mb-3">
              Preço indicativo: <span className="fw-semibold">{formatEuros(service.price)}</span>
            </p>
          )}
          <p className="service-description mb-4">{service.description}</p>
          <div className="d-flex flex-wrap gap-2">
            <BookingLink service={service} label="Agendar Serviço" className="btn btn-primary btn-lg flex-grow-1 flex-sm-grow-0" />
            {user?.isAdmin && (
              <Link to={paths.adminEditService(service.id)} className="btn btn-outline-secondary btn-lg flex-grow-1 flex-sm-grow-0">
                <BiPencilIcon className="bi me-2" aria-hidden="true" />
                Editar Serviço
              </Link>
            )}
          </div>
        </Col>
      </Row>
    </>
  );
}

/** /servicos/{id} (backoffice.md §2, §8): loading, error, not found or shown. */
export function ServicePage() {
  const { id = '' } = useParams();
  const validId = /^[1-9]\d{0,9}$/.test(id);
  // Its route's loader asked for it before the page shows (routes.tsx): an answer it got, a 404 too, stands.
  const service = useQuery({ ...servicePageQueryOptions(id), enabled: validId, retryOnMount: false });

  let body: ReactNode;
  if (!validId || (service.isError && service.error instanceof ApiError && [400, 404].includes(service.error.status))) {
    body = (
      <>
        <Alert variant="warning" className="text-center py-4">
          <h1 className="h4 mb-3">{serviceMessages.notFound}</h1>
          <Link to={paths.services} className="btn btn-primary">
            Voltar aos serviços
          </Link>
        </Alert>
      </>
    );
  } else if (service.isPending) {
    body = (
      <>
        <PageSpinner label="A carregar serviço..." />
      </>
    );
  } else if (service.isError) {
    body = (
      <>
        <h1 className="visually-hidden">Detalhes do serviço</h1>
        <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <span>{serviceMessages.detailError}</span>
          <Button variant="outline-danger" size="sm" onClick={() => void service.refetch()} disabled={service.isFetching}>
            Tentar novamente
          </Button>
        </Alert>
      </>
    );
  } else {
    body = <ServiceDetail service={service.data} />;
  }
  return <Container className="py-4 py-md-5">{body}</Container>;
}

import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { Link, useParams } from 'react-router';
import { serviceMessages } from '#shared/schemas/services.ts';
import { PageMeta } from '../../../components/page-meta.tsx';
import { RequireAdmin } from '../../../session/guards.tsx';
import { QueryState, recordIdFrom } from '../query-state.tsx';
import { serviceQueryOptions } from './api.ts';
import { ServiceForm } from './service-form.tsx';
import { servicesListHref } from './service-paths.ts';

/** /admin-dashboard/create-service and /admin-dashboard/edit-service/:id (backoffice.md §2). */
export function ServiceFormPage() {
  return (
    <RequireAdmin>
      <ServiceFormScreen />
    </RequireAdmin>
  );
}

function ServiceFormScreen() {
  const { id } = useParams();
  if (id === undefined) {
    return (
      <Shell title="Novo serviço" description="Criar um novo serviço da loja.">
        <ServiceForm />
      </Shell>
    );
  }
  const serviceId = recordIdFrom(id);
  if (serviceId === null) {
    return (
      <EditShell>
        <NotFound />
      </EditShell>
    );
  }
  return <EditService id={serviceId} />;
}

function EditService({ id }: { id: number }) {
  const service = useQuery(serviceQueryOptions(id));
  return (
    <EditShell>
      <QueryState query={service} loadingLabel="A carregar serviço..." loadError={serviceMessages.loadError} notFound={<NotFound />}>
        {/* A fresh form per service, so its default values are this service's. */}
        {(data) => <ServiceForm key={data.id} service={data} />}
      </QueryState>
    </EditShell>
  );
}

function NotFound() {
  return (
    <Alert variant="warning">
      <p>{serviceMessages.notFound}</p>
      <Link to={servicesListHref} className="alert-link">
        Voltar à lista de serviços
      </Link>
    </Alert>
  );
}

function EditShell({ children }: { children: ReactNode }) {
  return (
    <Shell title="Editar serviço" description="Editar os dados e a imagem de um serviço.">
      {children}
    </Shell>
  );
}

function Shell({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Container className="py-4" style={{ maxWidth: '52rem' }}>
      <PageMeta title={title} description={description} />
      <meta name="robots" content="noindex" />
      <h1 className="h2 mb-4">{title}</h1>
      {children}
    </Container>
  );
}

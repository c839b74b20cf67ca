import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { Link, useParams } from 'react-router';
import { messages } from '#shared/messages.ts';
import { PageMeta } from '../../../components/page-meta.tsx';
import { RequireAdmin } from '../../../session/guards.tsx';
import { adminTabHref, USERS_TAB } from '../admin-paths.ts';
import { QueryState, recordIdFrom } from '../query-state.tsx';
import { userQueryOptions } from './api.ts';
import { UserForm } from './user-form.tsx';

/** /admin-dashboard/create-user and /admin-dashboard/edit-user/:id (backoffice.md §2). */
export function UserFormPage() {
  return (
    <RequireAdmin>
      <UserFormScreen />
    </RequireAdmin>
  );
}

function UserFormScreen() {
  const { id } = useParams();
  if (id === undefined) {
    return (
      <Shell title="Novo utilizador" description="Criar uma nova conta de utilizador.">
        <UserForm />
      </Shell>
    );
  }
  const userId = recordIdFrom(id);
  if (userId === null) return <EditShell><NotFound /></EditShell>;
  return <EditUser id={userId} />;
}

function EditUser({ id }: { id: number }) {
  const user = useQuery(userQueryOptions(id));
  return (
    <EditShell>
      <QueryState
        query={user}
        loadingLabel="A carregar utilizador..."
        loadError="Erro ao carregar utilizadores."
        notFound={<NotFound />}
      >
        {/* A fresh form per user, so its default values are this user's. */}
        {(data) => <UserForm key={data.id} user={data} />}
      </QueryState>
    </EditShell>
  );
}

function NotFound() {
  return (
    <Alert variant="warning">
      <p>{messages.userNotFound}</p>
      <Link to={adminTabHref(USERS_TAB)} className="alert-link">
        Voltar à lista de utilizadores
      </Link>
    </Alert>
  );
}

function EditShell({ children }: { children: ReactNode }) {
  return (
    <Shell title="Editar utilizador" description="Editar os dados e o estado de uma conta de utilizador.">
      {children}
    </Shell>
  );
}

function Shell({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Container className="py-4" style={{ maxWidth: '42rem' }}>
      <PageMeta title={title} description={description} />
      <meta name="robots" content="noindex" />
      <h1 className="h2 mb-4">{title}</h1>
      {children}
    </Container>
  );
}

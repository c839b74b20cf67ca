import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { Link, useParams } from 'react-router';
import { messages } from '#shared/messages.ts';
import { ApiError } from '../../../api/client.ts';
import { PageMeta } from '../../../components/page-meta.tsx';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { RequireAdmin } from '../../../session/guards.tsx';
import { adminTabHref, USERS_TAB } from '../admin-paths.ts';
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
  const userId = /^\d{1,10}$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(userId) || userId < 1 || userId > 2_147_483_647) return <EditShell><NotFound /></EditShell>;
  return <EditUser id={userId} />;
}

function EditUser({ id }: { id: number }) {
  const user = useQuery(userQueryOptions(id));
  if (user.isPending) {
    return (
      <EditShell>
        <PageSpinner label="A carregar utilizador..." />
      </EditShell>
    );
  }
  if (user.isError) {
    return (
      <EditShell>
        {user.error instanceof ApiError && user.error.status === 404 ?
          <NotFound />
        : <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
            <span>Erro ao carregar utilizadores.</span>
            <Button variant="outline-danger" size="sm" onClick={() => void user.refetch()} disabled={user.isFetching}>
              Tentar novamente
            </Button>
          </Alert>
        }
      </EditShell>
    );
  }
  return (
    <EditShell>
      {/* A fresh form per user, so its default values are this user's. */}
      <UserForm key={user.data.id} user={user.data} />
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

import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import type { PublicUser } from '#shared/schemas/account.ts';
import { errorMessage } from '../../../api/client.ts';
import { paths } from '../../../paths.ts';
import { useSession } from '../../../session/session.tsx';
import { NoticeAlert } from '../notice-alert.tsx';
import { QueryState } from '../query-state.tsx';
import { useDeleteUser, usersQueryOptions } from './api.ts';
import { DeleteUserModal } from './delete-user-modal.tsx';
import { UsersTable } from './users-table.tsx';

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Case- and accent-insensitive match on username or email. */
export function filterUsers(users: readonly PublicUser[], search: string): readonly PublicUser[] {
  const needle = fold(search.trim());
  if (!needle) return users;
  return users.filter((user) => fold(user.username).includes(needle) || fold(user.email).includes(needle));
}

/** The Utilizadores tab of the admin dashboard (backoffice.md §2, §8). */
export function UsersTab() {
  const session = useSession();
  const users = useQuery(usersQueryOptions());
  const remove = useDeleteUser();
  const [search, setSearch] = useState('');
  const [target, setTarget] = useState<PublicUser | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const searchId = useId();

  const visible = useMemo(() => filterUsers(users.data ?? [], search), [users.data, search]);

  const askDelete = (user: PublicUser) => {
    remove.reset();
    setNotice(null);
    setTarget(user);
    setConfirmOpen(true);
  };

  const confirmDelete = () => {
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: (answer) => {
        setConfirmOpen(false);
        setNotice(answer?.message || 'Utilizador eliminado.');
      },
    });
  };

  return (
    <section aria-label="Utilizadores">
      <div className="d-flex flex-column flex-sm-row align-items-stretch align-items-sm-end justify-content-between gap-3 mb-3">
        <Form.Group controlId={searchId} className="flex-grow-1" style={{ maxWidth: '24rem' }}>
          <Form.Label>Pesquisar por nome ou email</Form.Label>
          <Form.Control type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
        </Form.Group>
        <Link to={paths.adminCreateUser} className="btn btn-primary">
          <i className="bi bi-person-plus me-2" aria-hidden="true" />
          Novo utilizador
        </Link>
      </div>

      <NoticeAlert notice={notice} onClose={() => setNotice(null)} />

      <QueryState
        query={users}
        loadingLabel="A carregar utilizadores..."
        loadError="Erro ao carregar utilizadores."
        empty={<p className="text-secondary my-4">Ainda não existem utilizadores registados.</p>}
      >
        {(all) => (
          <>
            <p className="small text-secondary mb-2" role="status">
              {search.trim() ? `${visible.length} de ${all.length} utilizadores` : `${all.length} ${all.length === 1 ? 'utilizador' : 'utilizadores'}`}
            </p>
            {visible.length === 0 ?
              <p className="text-secondary my-4">Nenhum utilizador corresponde à pesquisa.</p>
            : <UsersTable users={visible} selfId={session.user?.id} onDelete={askDelete} />}
          </>
        )}
      </QueryState>

      <DeleteUserModal
        user={target}
        show={confirmOpen}
        deleting={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, 'Erro ao eliminar utilizador.') : null}
        onConfirm={confirmDelete}
        onCancel={() => setConfirmOpen(false)}
        onExited={() => setTarget(null)}
      />
    </section>
  );
}

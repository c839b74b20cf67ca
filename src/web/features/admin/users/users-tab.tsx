import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useLocation } from 'react-router';
import type { PublicUser } from '#shared/schemas/account.ts';
import { paths } from '#shared/paths.ts';
import { useSession } from '../../../session/session.tsx';
import { NoticeAlert, noticeFrom } from '../notice-alert.tsx';
import { QueryState } from '../query-state.tsx';
import { useDeleteUser, usersQueryOptions } from './api.ts';
import { DataRequestPanel } from './data-request-panel.tsx';
import { UsersTable } from './users-table.tsx';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { TabToolbar } from '../tab-toolbar.tsx';
import { useTabDelete } from '../use-tab-delete.ts';
import BiPersonPlusIcon from '~icons/bi/person-plus';

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
  const location = useLocation();
  const [notice, setNotice] = useState<string | null>(() => noticeFrom(location.state));
  const searchId = useId();

  const visible = useMemo(() => filterUsers(users.data ?? [], search), [users.data, search]);

  const confirm = useTabDelete<PublicUser, number>(remove, {
    failed: 'Erro ao eliminar utilizador.',
    deleted: 'Utilizador eliminado.',
    setNotice,
  });

  return (
    <section aria-label="Utilizadores">
      <TabToolbar to={paths.adminCreateUser} label="Novo utilizador" icon={<BiPersonPlusIcon className="bi me-2" aria-hidden="true" />}>
        <Form.Group controlId={searchId} className="flex-grow-1" style={{ maxWidth: '24rem' }}>
          <Form.Label>Pesquisar por nome ou email</Form.Label>
          <Form.Control type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
        </Form.Group>
      </TabToolbar>

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
            : <UsersTable users={visible} selfId={session.user?.id} onDelete={confirm.ask} />}
          </>
        )}
      </QueryState>

      <ConfirmDeleteModal
        {...confirm.modal}
        title="Eliminar utilizador"
        question={
          <>
            Tem a certeza que deseja eliminar o utilizador <strong className="text-break">{confirm.target?.username}</strong>? Esta ação não
            pode ser desfeita.
          </>
        }
      />
      <DataRequestPanel />
    </section>
  );
}

import { formatDate } from '#shared/dates.ts';
import type { PublicUser } from '#shared/schemas/account.ts';
import { paths } from '#shared/paths.ts';
import { RowActionsCell } from '../table-cells.tsx';
import { UserStatusBadges } from './user-status-badges.tsx';
import { AdminTable } from '../admin-table.tsx';

type Props = {
  users: readonly PublicUser[];
  /** The signed-in admin: their own row has no Eliminar (the server refuses it anyway). */
  selfId: number | undefined;
  onDelete: (user: PublicUser) => void;
};

export function UsersTable({ users, selfId, onDelete }: Props) {
  return (
    <AdminTable
      label="Lista de utilizadores"
      caption="Utilizadores registados"
      columns={['Nome de utilizador', 'Email', 'Estado', { label: 'Registado em', className: 'text-nowrap' }, 'Ações']}
    >
      {users.map((user) => {
        const isSelf = user.id === selfId;
        return (
          <tr key={user.id}>
            <th scope="row" className="fw-semibold text-break" style={{ minWidth: '8rem' }}>
              {user.username}
              {isSelf && <span className="d-block small fw-normal text-secondary">(a sua conta)</span>}
            </th>
            <td className="text-break" style={{ minWidth: '10rem' }}>
              {user.email}
              {user.pendingEmail && (
                <span className="d-block small text-secondary">Novo email por confirmar: {user.pendingEmail}</span>
              )}
            </td>
            <td>
              <UserStatusBadges user={user} />
            </td>
            <td className="text-nowrap">
              <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
            </td>
            <RowActionsCell
              editHref={paths.adminEditUser(user.id)}
              label={`utilizador ${user.username}`}
              onDelete={isSelf ? undefined : () => onDelete(user)}
            />
          </tr>
        );
      })}
    </AdminTable>
  );
}

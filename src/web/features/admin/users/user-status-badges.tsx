import Badge from 'react-bootstrap/Badge';
import type { PublicUser } from '#shared/schemas/account.ts';

/** The Estado column: the user's flags as badges (Bootstrap badge colours, ARCHITECTURE.md). */
export function UserStatusBadges({ user }: { user: PublicUser }) {
  return (
    <div className="d-flex flex-wrap gap-1">
      {user.isAdmin && <Badge bg="primary">Administrador</Badge>}
      {user.isBanned && <Badge bg="danger">Bloqueado</Badge>}
      {user.isVerified ?
        <Badge bg="success">Verificado</Badge>
      : <Badge bg="warning" text="dark">
          Por verificar
        </Badge>
      }
    </div>
  );
}

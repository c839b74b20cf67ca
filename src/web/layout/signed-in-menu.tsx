import NavDropdown from 'react-bootstrap/NavDropdown';
import { Link, useNavigate } from 'react-router';
import { paths } from '#shared/paths.ts';
import { useSession } from '../session/session.tsx';
import BiPersonCircleIcon from '~icons/bi/person-circle';

/** The header's account menu for a signed-in customer (or the owner): profile, orders, admin, sign out. */
export function SignedInMenu() {
  const session = useSession();
  const navigate = useNavigate();
  if (!session.user) return null;
  // Leave first: a protected page would otherwise see the session end and send the user to /login.
  const onLogout = async () => {
    await navigate(paths.home);
    await session.logout();
  };
  return (
    <NavDropdown
      id="account-menu"
      align="end"
      title={
        <>
          <BiPersonCircleIcon className="bi me-1" aria-hidden="true" />
          <span className="d-md-none">A minha conta</span>
          <span className="navbar-account-name d-none d-md-inline-block text-truncate align-bottom">{session.user.username}</span>
        </>
      }
    >
      <NavDropdown.Item as={Link} to={paths.profile}>
        O meu perfil
      </NavDropdown.Item>
      <NavDropdown.Item as={Link} to={paths.myOrders}>
        As minhas encomendas
      </NavDropdown.Item>
      {session.user.isAdmin && (
        <NavDropdown.Item as={Link} to={paths.admin}>
          Admin Dashboard
        </NavDropdown.Item>
      )}
      <NavDropdown.Divider />
      <NavDropdown.Item as="button" onClick={onLogout}>
        Sair
      </NavDropdown.Item>
    </NavDropdown>
  );
}

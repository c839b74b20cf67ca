import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { PageMeta } from '../../components/page-meta.tsx';
import { RequireUser } from '../../session/guards.tsx';
import { useSession } from '../../session/session.tsx';
import { AddressBook } from './address-book.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { ProfileDetailsForm } from './profile-details-form.tsx';

function Profile() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Card className="shadow-sm">
      <Card.Body className="p-3 p-sm-4">
        <h1 className="h3 mb-2">O meu perfil</h1>
        <p className="text-secondary mb-4 d-flex flex-wrap align-items-center gap-2">
          <span>
            Sessão iniciada como <strong className="text-break">{user.username}</strong>
          </span>
          {user.isAdmin && <Badge bg="primary">Administrador</Badge>}
        </p>
        <Tabs id="profile-tabs" defaultActiveKey="perfil" className="mb-4">
          <Tab eventKey="perfil" title="Perfil">
            {/* Keyed by user so another account's data never lingers in the form. */}
            <ProfileDetailsForm key={user.id} user={user} />
          </Tab>
          <Tab eventKey="moradas" title="Moradas" mountOnEnter>
            <AddressBook />
          </Tab>
          <Tab eventKey="seguranca" title="Segurança">
            <ChangePasswordForm key={user.id} accountEmail={user.email} />
          </Tab>
        </Tabs>
      </Card.Body>
    </Card>
  );
}

export function ProfilePage() {
  return (
    <Container className="py-4 py-md-5">
      <PageMeta title="O meu perfil" description="Os dados da sua conta na loja: nome de utilizador, email, moradas e palavra-passe." />
      <Row className="justify-content-center">
        <Col xs={12} md={10} lg={8} xl={7}>
          <RequireUser>
            <Profile />
          </RequireUser>
        </Col>
      </Row>
    </Container>
  );
}

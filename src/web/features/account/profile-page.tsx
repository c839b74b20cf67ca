import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { Link, useSearchParams } from 'react-router';
import { paths } from '#shared/paths.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { RequireUser } from '../../session/guards.tsx';
import { sessionKey, useSession } from '../../session/session.tsx';
import { AddressBook } from './address-book.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { MyData } from './my-data.tsx';
import { ProfileDetailsForm } from './profile-details-form.tsx';

function Profile({ onErased }: { onErased: (message: string) => void }) {
  const { user } = useSession();
  const [params] = useSearchParams();
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
        {/* The e-mailed link to erase the account opens on its tab. */}
        <Tabs id="profile-tabs" defaultActiveKey={params.has('apagar-conta') ? 'dados' : 'perfil'} className="mb-4">
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
          <Tab eventKey="dados" title="Os meus dados">
            <MyData accountEmail={user.email} onErased={onErased} />
          </Tab>
        </Tabs>
      </Card.Body>
    </Card>
  );
}

export function ProfilePage() {
  const queryClient = useQueryClient();
  // Her account is gone: say so here (the session ends with it), rather than send her to the login page.
  const [erased, setErased] = useState<string | null>(null);
  const onErased = (message: string) => {
    setErased(message);
    queryClient.setQueryData(sessionKey, null);
  };
  return (
    <Container className="py-4 py-md-5">
      <PageMeta title="O meu perfil" description="Os dados da sua conta na loja: nome de utilizador, email, moradas e palavra-passe." />
      <Row className="justify-content-center">
        <Col xs={12} md={10} lg={8} xl={7}>
          {erased ? (
            <Alert variant="success">
              <h1 className="h4">Conta apagada</h1>
              <p>{erased}</p>
              <Link to={paths.home} className="alert-link">
                Voltar à loja
              </Link>
            </Alert>
          ) : (
            <RequireUser>
              <Profile onErased={onErased} />
            </RequireUser>
          )}
        </Col>
      </Row>
    </Container>
  );
}

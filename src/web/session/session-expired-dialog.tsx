import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { messages } from '#shared/messages.ts';
import { loginBody } from '#shared/schemas/account.ts';
import { ApiError, errorMessage } from '../api/client.ts';
import { FormField } from '../components/form/field.tsx';
import { SubmitButton } from '../components/form/submit-button.tsx';
import { useServerForm } from '../components/form/use-server-form.ts';
import { useSignInRequest } from './renew-session.ts';
import { useSession } from './session.tsx';

const sessionExpiredTitle = 'A sua sessão expirou';
const loginFailed = 'Credenciais inválidas. Por favor tente novamente.';

/**
 * The sign-in over a back-office page whose session ended (decision 0035): the page and everything typed stay
 * behind it; once signed in, the refused requests are sent again. Cancelling fails them (the form says so).
 */
export function SessionExpiredDialog() {
  const request = useSignInRequest();
  const session = useSession();
  const { form, field, error, busy, submit } = useServerForm(
    loginBody,
    { email: session.user?.email ?? '', password: '' },
    { accept: [], fallback: (err) => (err instanceof ApiError && err.code === 'ACCOUNT_LOCKED' ? messages.loginLocked : errorMessage(err, loginFailed)) },
  );
  const onSubmit = submit(async (credentials) => {
    await session.login(credentials);
    form.reset({ email: credentials.email, password: '' });
    request?.settle(true);
  });
  const cancel = () => request?.settle(false);

  return (
    <Modal show={request !== null} onHide={() => !busy && cancel()} backdrop="static" keyboard={!busy} centered aria-labelledby="session-expired-title">
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header>
          <Modal.Title as="h2" id="session-expired-title" className="h5">
            {sessionExpiredTitle}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>Inicie sessão de novo para continuar. O que escreveu nesta página fica como estava e é enviado logo a seguir.</p>
          {error && <Alert variant="danger">{error}</Alert>}
          <FormField id="session-expired-email" label="Email" type="email" autoComplete="email" required {...field('email')} />
          <FormField id="session-expired-password" label="Palavra-passe" type="password" autoComplete="current-password" required autoFocus {...field('password')} />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={cancel} disabled={busy}>
            Cancelar
          </Button>
          <SubmitButton busy={busy}>Entrar</SubmitButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

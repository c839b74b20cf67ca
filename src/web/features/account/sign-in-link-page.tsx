import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useParams } from 'react-router';
import { paths } from '#shared/paths.ts';
import { errorMessage } from '../../api/client.ts';
import { AuthCard, AuthSuccess } from '../../components/account-ui.tsx';
import { useRedirectAfter } from '../../components/use-timers.ts';
import { useSession } from '../../session/session.tsx';
import { useSignInWithLink } from './api.ts';

const title = 'Entrar com uma ligação';
const description = 'Entre na sua conta da loja com a ligação que lhe enviámos por email.';
const signInFailed = 'Não foi possível entrar com esta ligação. Por favor tente novamente.';

/**
 * The landing page of a mailed sign-in link (decision record 0027). The session opens on a press of the
 * button, not on arrival: a mail scanner that opens links must not spend the link before its owner does.
 */
export function SignInLinkPage() {
  const { token = '' } = useParams();
  const session = useSession();
  const signIn = useSignInWithLink();
  const [done, setDone] = useState<{ message: string; to: string } | null>(null);
  useRedirectAfter(done?.to ?? null);

  const enter = async () => {
    const answer = await signIn.mutateAsync(token);
    session.setUser(answer.user);
    setDone({ message: 'Sessão iniciada com sucesso! Vai ser redirecionado dentro de instantes.', to: answer.user.isAdmin ? paths.admin : paths.home });
  };

  if (done) return <AuthSuccess title={title} description={description} message={done.message} to={done.to} linkText="Continuar agora" />;

  return (
    <AuthCard title={title} description={description}>
      {signIn.isError && (
        <Alert variant="danger">
          <p className="mb-2">{errorMessage(signIn.error, signInFailed)}</p>
          {/* A used or expired link cannot be fixed here: the login page sends a new one. */}
          <Link to={paths.login} className="alert-link">
            Pedir uma nova ligação
          </Link>
        </Alert>
      )}
      <p>A ligação abre uma sessão na sua conta uma única vez, durante 15 minutos depois de enviada.</p>
      <Button type="button" className="w-100" disabled={signIn.isPending} onClick={() => void enter().catch(() => undefined)}>
        {signIn.isPending && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
        Entrar na minha conta
      </Button>
      <p className="mt-4 mb-0 text-center">
        <Link to={paths.login}>Voltar ao login</Link>
      </p>
    </AuthCard>
  );
}

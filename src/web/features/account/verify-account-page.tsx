import Alert from 'react-bootstrap/Alert';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { paths } from '#shared/paths.ts';
import { useSession } from '../../session/session.tsx';
import { AuthCard } from '../../components/account-ui.tsx';
import { useAccountVerification } from './api.ts';

const title = 'Verificação de conta';
const description = 'Confirmação do email da sua conta na loja.';
const verifyFailed = 'Erro ao verificar a conta';

export function VerifyAccountPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const session = useSession();

  const verification = useAccountVerification(token);

  let body;
  if (!token) {
    body = <Alert variant="danger">Token não encontrado</Alert>;
  } else if (verification.isPending) {
    body = <PageSpinner label="A verificar a conta..." />;
  } else if (verification.isError) {
    body = <Alert variant="danger">{errorMessage(verification.error, verifyFailed)}</Alert>;
  } else {
    body = (
      <Alert variant="success">
        <p className="mb-2">{verification.data.message}</p>
        {session.status === 'signedIn' ? (
          <Link to={paths.profile} className="alert-link">
            Ir para o meu perfil
          </Link>
        ) : (
          <Link to={paths.login} className="alert-link">
            Iniciar sessão
          </Link>
        )}
      </Alert>
    );
  }

  const failed = !token || verification.isError;
  return (
    <AuthCard title={title} description={description}>
      {body}
      {failed && (
        <p className="mb-0 text-center">
          <Link to={paths.login}>Voltar ao login</Link>
        </p>
      )}
    </AuthCard>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import { Link, useSearchParams } from 'react-router';
import { api, errorMessage } from '../../api/client.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { paths } from '../../paths.ts';
import { sessionKey, useSession } from '../../session/session.tsx';
import { AuthCard } from './account-ui.tsx';

const title = 'Verificação de conta';
const description = 'Confirmação do email da sua conta na loja.';
const verifyFailed = 'Erro ao verificar a conta';

export function VerifyAccountPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const session = useSession();
  const queryClient = useQueryClient();

  // A token is single-use: one query per token, never retried or refetched (StrictMode mounts twice).
  const verification = useQuery({
    queryKey: ['account-verification', token],
    queryFn: async () => {
      const answer = await api.get<{ message: string }>('/auth/verify', { query: { token } });
      // The same link confirms an e-mail change: the signed-in user's profile has changed.
      void queryClient.invalidateQueries({ queryKey: sessionKey });
      return answer;
    },
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });

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

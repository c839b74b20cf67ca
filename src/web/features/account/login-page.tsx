import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link, Navigate, useLocation } from 'react-router';
import { messages } from '#shared/messages.ts';
import { loginBody } from '#shared/schemas/account.ts';
import { ApiError, errorMessage } from '../../api/client.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import { paths } from '#shared/paths.ts';
import { useSession } from '../../session/session.tsx';
import { AuthCard, AuthSuccess } from '../../components/account-ui.tsx';
import { FormField } from '../../components/form/field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { useServerForm } from '../../components/form/use-server-form.ts';
import { useRedirectAfter } from '../../components/use-timers.ts';
import { useResendVerification, useSignInLinkRequest } from './api.ts';

const title = 'Iniciar sessão';
const description = 'Inicie sessão na sua conta da loja para acompanhar as suas encomendas e gerir o seu perfil.';
const loginFailed = 'Credenciais inválidas. Por favor tente novamente.';
const signedInNotice = 'Sessão iniciada com sucesso! Vai ser redirecionado dentro de instantes.';
const resendFailed = 'Não foi possível reenviar o email de verificação. Por favor tente novamente.';
const linkFailed = 'Não foi possível enviar a ligação para entrar. Por favor tente novamente.';

/** The route the user came from (set by RequireUser or the 401 handler), if it is a page of this site. */
function originOf(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown } } | null)?.from;
  const pathname = typeof from?.pathname === 'string' ? from.pathname : '';
  // Only same-site paths: '//host' would leave the shop; /login would loop.
  if (!pathname.startsWith('/') || pathname.startsWith('//') || pathname === paths.login) return paths.home;
  const search = typeof from?.search === 'string' ? from.search : '';
  return `${pathname}${search}`;
}

type Resend = { status: 'idle' | 'sending' } | { status: 'sent' | 'failed'; message: string };

export function LoginPage() {
  const resendMutation = useResendVerification();
  const session = useSession();
  const location = useLocation();
  const origin = originOf(location.state);
  const linkMutation = useSignInLinkRequest();
  // An account locked by wrong passwords (its own or a stranger's) can always sign in through a mailed link.
  const [help, setHelp] = useState<{ unverifiedEmail: string | null; lockedEmail: string | null }>({ unverifiedEmail: null, lockedEmail: null });
  const [resend, setResend] = useState<Resend>({ status: 'idle' });
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  useRedirectAfter(redirectTo);

  const { field, error, busy, submit } = useServerForm(
    loginBody,
    { email: '', password: '' },
    // The client turns every 429 into "Demasiados pedidos…"; a locked account is told what it is and what to do.
    { accept: [], fallback: (err) => (err instanceof ApiError && err.code === 'ACCOUNT_LOCKED' ? messages.loginLocked : errorMessage(err, loginFailed)) },
  );

  // Already signed in when arriving (not through this form): straight back to where the user came from.
  if (session.status === 'signedIn' && !busy && redirectTo === null) return <Navigate to={origin} replace />;
  if (session.status === 'unknown') {
    return (
      <>
        <PageMeta title={title} description={description} />
        <PageSpinner />
      </>
    );
  }

  const onSubmit = submit(async (credentials) => {
    setResend({ status: 'idle' });
    try {
      await session.login(credentials);
    } catch (err) {
      const code = err instanceof ApiError ? err.code : undefined;
      setHelp({ unverifiedEmail: code === 'UNVERIFIED' ? credentials.email : null, lockedEmail: code === 'ACCOUNT_LOCKED' ? credentials.email : null });
      throw err;
    }
    // storefront.md §2: after a login the client moves on after 3 seconds (to / or the protected page left).
    setRedirectTo(origin);
  });

  const resendVerification = async (email: string, kind: 'verification' | 'signInLink') => {
    setResend({ status: 'sending' });
    try {
      const answer = await (kind === 'verification' ? resendMutation : linkMutation).mutateAsync(email);
      setResend({ status: 'sent', message: answer.message });
    } catch (err) {
      setResend({ status: 'failed', message: errorMessage(err, kind === 'verification' ? resendFailed : linkFailed) });
    }
  };

  if (redirectTo !== null) return <AuthSuccess title={title} description={description} message={signedInNotice} to={redirectTo} linkText="Continuar agora" />;

  return (
    <AuthCard title={title} description={description}>
      {error && (
        <Alert variant="danger">
          <p className={help.unverifiedEmail || help.lockedEmail ? 'mb-2' : 'mb-0'}>{error}</p>
          {help.unverifiedEmail && (
            <Button
              type="button"
              variant="outline-danger"
              size="sm"
              disabled={resend.status === 'sending'}
              onClick={() => help.unverifiedEmail && resendVerification(help.unverifiedEmail, 'verification')}
            >
              {resend.status === 'sending' && (
                <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
              )}
              Reenviar email de verificação
            </Button>
          )}
          {help.lockedEmail && (
            <>
              <p className="mb-2">Pode entrar já com uma ligação que enviamos para o seu email, válida durante 15 minutos.</p>
              <Button
                type="button"
                variant="outline-danger"
                size="sm"
                disabled={resend.status === 'sending' || resend.status === 'sent'}
                onClick={() => help.lockedEmail && resendVerification(help.lockedEmail, 'signInLink')}
              >
                {resend.status === 'sending' && (
                  <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
                )}
                Enviar-me uma ligação para entrar
              </Button>
            </>
          )}
        </Alert>
      )}
      {(resend.status === 'sent' || resend.status === 'failed') && (
        <Alert variant={resend.status === 'sent' ? 'info' : 'danger'}>{resend.message}</Alert>
      )}
      <Form noValidate onSubmit={onSubmit}>
        <FormField id="login-email" label="Email" type="email" autoComplete="email" required {...field('email')} />
        <FormField id="login-password" label="Palavra-passe" type="password" autoComplete="current-password" required {...field('password')} />
        <SubmitButton className="w-100" busy={busy}>Entrar</SubmitButton>
      </Form>
      <div className="mt-4 d-flex flex-column gap-2 text-center">
        <Link to={paths.forgotPassword}>Esqueceu-se da palavra-passe?</Link>
        <span>
          Ainda não tem conta? <Link to={paths.register}>Criar conta</Link>
        </span>
      </div>
    </AuthCard>
  );
}

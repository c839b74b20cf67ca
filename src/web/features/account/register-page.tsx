import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Link, Navigate } from 'react-router';
import { messages } from '#shared/messages.ts';
import { registerForm } from '#shared/schemas/account.ts';
import { paths } from '#shared/paths.ts';
import { AuthCard, AuthSuccess } from '../../components/account-ui.tsx';
import { FormField } from '../../components/form/field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { useServerForm } from '../../components/form/use-server-form.ts';
import { useRedirectAfter } from '../../components/use-timers.ts';
import { useSession } from '../../session/session.tsx';
import { useRegisterAccount } from './api.ts';

const title = 'Criar conta';
const description = 'Crie a sua conta na loja para acompanhar as suas encomendas e comprar mais depressa.';
const registerFailed = 'Ocorreu um erro ao processar o registo.';
const serverFields = ['username', 'email', 'password'] as const;
const emptyForm = { username: '', email: '', password: '', confirmPassword: '' };

export function RegisterPage() {
  const session = useSession();
  const registration = useRegisterAccount();
  const [success, setSuccess] = useState<string | null>(null);
  // storefront.md §4: registration success redirects to /login after 3 seconds.
  useRedirectAfter(success === null ? null : paths.login);
  const { form, field, error, submit } = useServerForm(registerForm, emptyForm, { accept: serverFields, fallback: registerFailed });

  const onSubmit = submit(async ({ username, email, password }) => {
    const answer = await registration.mutateAsync({ username, email, password });
    setSuccess(answer?.message || messages.registered);
  });

  // Someone already signed in has an account: their profile, not a second registration.
  if (session.status === 'signedIn' && success === null) return <Navigate to={paths.profile} replace />;
  if (success !== null) return <AuthSuccess title={title} description={description} message={success} to={paths.login} linkText="Ir para o login" />;

  const termsError = form.formState.errors.acceptTerms?.message;
  return (
    <AuthCard title={title} description={description}>
      {error && <Alert variant="danger">{error}</Alert>}
      <Form noValidate onSubmit={onSubmit}>
        <FormField id="register-username" label="Nome" autoComplete="username" required {...field('username')} />
        <FormField id="register-email" label="Email" type="email" autoComplete="email" required {...field('email')} />
        <FormField id="register-password" label="Palavra-passe" type="password" autoComplete="new-password" required help="Mínimo de 6 caracteres." {...field('password')} />
        <FormField id="register-confirm-password" label="Confirmar palavra-passe" type="password" autoComplete="new-password" required {...field('confirmPassword')} />
        <Form.Check id="register-accept-terms" className="mb-3">
          <Form.Check.Input
            type="checkbox"
            required
            isInvalid={Boolean(termsError)}
            aria-invalid={termsError ? true : undefined}
            aria-describedby={termsError ? 'register-accept-terms-error' : undefined}
            {...form.register('acceptTerms')}
          />
          <Form.Check.Label>
            Li e aceito os{' '}
            {/* A new tab keeps what was typed here. */}
            <Link to={paths.terms} target="_blank" rel="noopener" title="Abre num novo separador">
              Termos e Privacidade
            </Link>
          </Form.Check.Label>
          {termsError && (
            <Form.Control.Feedback type="invalid" id="register-accept-terms-error">
              {termsError}
            </Form.Control.Feedback>
          )}
        </Form.Check>
        <SubmitButton className="w-100" busy={form.formState.isSubmitting}>Registar</SubmitButton>
      </Form>
      <p className="mt-4 mb-0 text-center">
        <Link to={paths.login}>Já tem conta? Inicie sessão</Link>
      </p>
    </AuthCard>
  );
}

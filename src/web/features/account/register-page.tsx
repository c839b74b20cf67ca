import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { messages } from '#shared/messages.ts';
import { registerForm, type RegisterForm } from '#shared/schemas/account.ts';
import type { z } from 'zod';
import { api, ApiError, errorMessage } from '../../api/client.ts';
import { paths } from '../../paths.ts';
import { applyFieldErrors, AuthCard, FormField, SubmitButton } from './account-ui.tsx';
import { useRedirectAfter } from './use-timers.ts';

const title = 'Criar conta';
const description = 'Crie a sua conta na loja para acompanhar as suas encomendas e comprar mais depressa.';
const registerFailed = 'Ocorreu um erro ao processar o registo.';
const serverFields = ['username', 'email', 'password'] as const;

export function RegisterPage() {
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  // storefront.md §4: registration success redirects to /login after 3 seconds.
  useRedirectAfter(success === null ? null : paths.login);

  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterForm, unknown, z.output<typeof registerForm>>({
    resolver: zodResolver(registerForm),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = async ({ username, email, password }: z.output<typeof registerForm>) => {
    setError(null);
    try {
      const answer = await api.post<{ message?: string }>('/auth/register', { username, email, password });
      setSuccess(answer?.message || messages.registered);
    } catch (err) {
      const onFields = err instanceof ApiError && applyFieldErrors(err.fields, serverFields, setFieldError);
      if (!onFields) setError(errorMessage(err, registerFailed));
    }
  };

  if (success !== null) {
    return (
      <AuthCard title={title} description={description}>
        <Alert variant="success">
          <p className="mb-2">{success}</p>
          <Link to={paths.login} replace className="alert-link">
            Ir para o login
          </Link>
        </Alert>
      </AuthCard>
    );
  }

  const termsError = errors.acceptTerms?.message;
  return (
    <AuthCard title={title} description={description}>
      {error && <Alert variant="danger">{error}</Alert>}
      <Form noValidate onSubmit={handleSubmit(onSubmit)}>
        <FormField
          id="register-username"
          label="Nome"
          autoComplete="username"
          required
          registration={register('username')}
          error={errors.username?.message}
        />
        <FormField
          id="register-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          registration={register('email')}
          error={errors.email?.message}
        />
        <FormField
          id="register-password"
          label="Palavra-passe"
          type="password"
          autoComplete="new-password"
          required
          hint="Mínimo de 6 caracteres."
          registration={register('password')}
          error={errors.password?.message}
        />
        <FormField
          id="register-confirm-password"
          label="Confirmar palavra-passe"
          type="password"
          autoComplete="new-password"
          required
          registration={register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
        <Form.Check id="register-accept-terms" className="mb-3">
          <Form.Check.Input
            type="checkbox"
            required
            isInvalid={Boolean(termsError)}
            aria-invalid={termsError ? true : undefined}
            aria-describedby={termsError ? 'register-accept-terms-error' : undefined}
            {...register('acceptTerms')}
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
        <SubmitButton busy={isSubmitting}>Registar</SubmitButton>
      </Form>
      <p className="mt-4 mb-0 text-center">
        <Link to={paths.login}>Já tem conta? Inicie sessão</Link>
      </p>
    </AuthCard>
  );
}

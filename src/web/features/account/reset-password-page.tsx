import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { resetForm, type ResetForm } from '#shared/schemas/account.ts';
import type { z } from 'zod';
import { api, ApiError, errorMessage } from '../../api/client.ts';
import { paths } from '../../paths.ts';
import { applyFieldErrors, AuthCard, FormField, SubmitButton } from './account-ui.tsx';
import { useRedirectAfter } from './use-timers.ts';

const title = 'Redefinir palavra-passe';
const description = 'Defina uma nova palavra-passe para a sua conta na loja.';
const resetFailed = 'Erro ao alterar senha. Por favor, tente novamente.';

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  // backoffice.md §4: on success, /login after 3 seconds.
  useRedirectAfter(success === null ? null : paths.login);

  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<ResetForm, unknown, z.output<typeof resetForm>>({
    resolver: zodResolver(resetForm),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = async ({ newPassword }: z.output<typeof resetForm>) => {
    setError(null);
    try {
      const answer = await api.post<{ message: string }>('/auth/reset-password', { token, newPassword });
      setSuccess(answer.message);
    } catch (err) {
      const onFields = err instanceof ApiError && applyFieldErrors(err.fields, ['newPassword'], setFieldError);
      if (!onFields) setError(errorMessage(err, resetFailed));
    }
  };

  if (success !== null) {
    return (
      <AuthCard title={title} description={description}>
        <Alert variant="success">
          <p className="mb-2">{success}</p>
          <Link to={paths.login} replace className="alert-link">
            Iniciar sessão
          </Link>
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={title} description={description}>
      {error && (
        <Alert variant="danger">
          <p className="mb-2">{error}</p>
          {/* An expired or used link cannot be fixed here: offer a new one. */}
          <Link to={paths.forgotPassword} className="alert-link">
            Pedir um novo link
          </Link>
        </Alert>
      )}
      <Form noValidate onSubmit={handleSubmit(onSubmit)}>
        <FormField
          id="reset-new-password"
          label="Nova palavra-passe"
          type="password"
          autoComplete="new-password"
          required
          hint="Mínimo de 8 caracteres."
          registration={register('newPassword')}
          error={errors.newPassword?.message}
        />
        <FormField
          id="reset-confirm-password"
          label="Confirmar palavra-passe"
          type="password"
          autoComplete="new-password"
          required
          registration={register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
        <SubmitButton busy={isSubmitting}>Redefinir Senha</SubmitButton>
      </Form>
      <p className="mt-4 mb-0 text-center">
        <Link to={paths.login}>Voltar ao login</Link>
      </p>
    </AuthCard>
  );
}

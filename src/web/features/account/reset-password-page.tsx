import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Link, useParams } from 'react-router';
import { resetForm } from '#shared/schemas/account.ts';
import { paths } from '#shared/paths.ts';
import { AuthCard, AuthSuccess } from '../../components/account-ui.tsx';
import { FormField } from '../../components/form/field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { useServerForm } from '../../components/form/use-server-form.ts';
import { useRedirectAfter } from '../../components/use-timers.ts';
import { useResetPassword } from './api.ts';

const title = 'Redefinir palavra-passe';
const description = 'Defina uma nova palavra-passe para a sua conta na loja.';
const resetFailed = 'Erro ao alterar senha. Por favor, tente novamente.';

export function ResetPasswordPage() {
  const resetPassword = useResetPassword();
  const { token = '' } = useParams();
  const [success, setSuccess] = useState<string | null>(null);
  // backoffice.md §4: on success, /login after 3 seconds.
  useRedirectAfter(success === null ? null : paths.login);
  const { form, field, error, submit } = useServerForm(resetForm, { newPassword: '', confirmPassword: '' }, { accept: ['newPassword'], fallback: resetFailed });

  const onSubmit = submit(async ({ newPassword }) => {
    const answer = await resetPassword.mutateAsync({ token, newPassword });
    setSuccess(answer.message);
  });

  if (success !== null) return <AuthSuccess title={title} description={description} message={success} to={paths.login} linkText="Iniciar sessão" />;

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
      <Form noValidate onSubmit={onSubmit}>
        <FormField id="reset-new-password" label="Nova palavra-passe" type="password" autoComplete="new-password" required help="Mínimo de 8 caracteres." {...field('newPassword')} />
        <FormField id="reset-confirm-password" label="Confirmar palavra-passe" type="password" autoComplete="new-password" required {...field('confirmPassword')} />
        <SubmitButton className="w-100" busy={form.formState.isSubmitting}>Redefinir Senha</SubmitButton>
      </Form>
      <p className="mt-4 mb-0 text-center">
        <Link to={paths.login}>Voltar ao login</Link>
      </p>
    </AuthCard>
  );
}

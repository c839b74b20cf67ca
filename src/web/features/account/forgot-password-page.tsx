import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { emailBody } from '#shared/schemas/account.ts';
import { ApiError } from '../../api/client.ts';
import { paths } from '#shared/paths.ts';
import { AuthCard } from '../../components/account-ui.tsx';
import { FormField } from '../../components/form/field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { useServerForm } from '../../components/form/use-server-form.ts';
import { useForgotPassword } from './api.ts';

const title = 'Recuperar palavra-passe';
const description = 'Peça um link para redefinir a palavra-passe da sua conta na loja.';
const forgotFailed = 'Erro ao enviar email de recuperação. Por favor, tente novamente.';

export function ForgotPasswordPage() {
  const forgotPassword = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const { field, error, busy, submit } = useServerForm(emailBody, { email: '' }, {
    accept: ['email'],
    // backoffice.md §8 gives one text; a 429 says why waiting helps (the client already wrote it in pt-PT).
    fallback: (err) => (err instanceof ApiError && err.status === 429 ? err.message : forgotFailed),
  });

  const onSubmit = submit(async (body) => {
    const answer = await forgotPassword.mutateAsync(body);
    setSent(answer.message);
  });

  return (
    <AuthCard title={title} description={description}>
      {sent !== null ? (
        <Alert variant="success">{sent}</Alert>
      ) : (
        <>
          <p className="text-secondary">Indique o email da sua conta e enviamos-lhe um link para definir uma nova palavra-passe.</p>
          {error && <Alert variant="danger">{error}</Alert>}
          <Form noValidate onSubmit={onSubmit}>
            <FormField id="forgot-email" label="Email" type="email" autoComplete="email" required {...field('email')} />
            <SubmitButton className="w-100" busy={busy} busyLabel="A processar...">
              Enviar
            </SubmitButton>
          </Form>
        </>
      )}
      <p className="mt-4 mb-0 text-center">
        <Link to={paths.login}>Voltar ao login</Link>
      </p>
    </AuthCard>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { type ProfileBody, profileBody, type PublicUser } from '#shared/schemas/account.ts';
import type { z } from 'zod';
import { api, ApiError, errorMessage } from '../../api/client.ts';
import { useSession } from '../../session/session.tsx';
import { applyFieldErrors, FormField, SubmitButton } from './account-ui.tsx';
import { useFlashMessage } from './use-timers.ts';

const updateFailed = 'Erro ao atualizar perfil. Por favor tente novamente.';
const serverFields = ['username', 'email'] as const;

/** The Perfil tab: username and e-mail (a new e-mail waits for its confirmation link). */
export function ProfileDetailsForm({ user }: { user: PublicUser }) {
  const session = useSession();
  const flash = useFlashMessage();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof profileBody>, unknown, ProfileBody>({
    resolver: zodResolver(profileBody),
    defaultValues: { username: user.username, email: user.email },
  });

  const onSubmit = async (body: ProfileBody) => {
    setError(null);
    flash.clear();
    try {
      const { message, ...updated } = await api.put<PublicUser & { message: string }>('/user/profile', body);
      session.setUser(updated);
      // The account keeps its confirmed e-mail until the link is opened; the note below says so.
      reset({ username: updated.username, email: updated.email });
      flash.show(message || 'Perfil atualizado com sucesso!');
    } catch (err) {
      const onFields = err instanceof ApiError && applyFieldErrors(err.fields, serverFields, setFieldError);
      if (!onFields) setError(errorMessage(err, updateFailed));
    }
  };

  return (
    <>
      {flash.message && <Alert variant="success">{flash.message}</Alert>}
      {error && <Alert variant="danger">{error}</Alert>}
      {user.pendingEmail && (
        <div className="alert alert-info d-flex gap-2" aria-live="polite">
          <i className="bi bi-envelope-exclamation" aria-hidden="true" />
          <span>
            A alteração do email para <strong className="text-break">{user.pendingEmail}</strong> aguarda confirmação. Abra o
            link que enviámos para esse endereço para a concluir.
          </span>
        </div>
      )}
      <Form noValidate onSubmit={handleSubmit(onSubmit)}>
        <FormField
          id="profile-username"
          label="Nome de utilizador"
          autoComplete="username"
          required
          registration={register('username')}
          error={errors.username?.message}
        />
        <FormField
          id="profile-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          registration={register('email')}
          error={errors.email?.message}
        />
        <SubmitButton busy={isSubmitting}>Guardar alterações</SubmitButton>
      </Form>
    </>
  );
}

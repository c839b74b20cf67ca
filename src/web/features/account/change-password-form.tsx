import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { changePasswordForm, type ChangePasswordForm } from '#shared/schemas/account.ts';
import type { z } from 'zod';
import { api, ApiError, errorMessage } from '../../api/client.ts';
import { applyFieldErrors, FormField, SubmitButton } from './account-ui.tsx';
import { useFlashMessage } from './use-timers.ts';

const changeFailed = 'Erro ao alterar senha. Por favor tente novamente.';
const serverFields = ['currentPassword', 'newPassword'] as const;
const emptyForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The Segurança tab: a new password, proven by the current one. */
export function ChangePasswordForm({ accountEmail }: { accountEmail: string }) {
  const flash = useFlashMessage();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordForm, unknown, z.output<typeof changePasswordForm>>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: emptyForm,
  });

  const onSubmit = async ({ currentPassword, newPassword }: z.output<typeof changePasswordForm>) => {
    setError(null);
    flash.clear();
    try {
      const answer = await api.post<{ message?: string }>('/user/change-password', { currentPassword, newPassword });
      reset(emptyForm);
      flash.show(answer?.message || 'Senha alterada com sucesso!');
    } catch (err) {
      // A wrong current password belongs on that field, not in a banner.
      const onFields = err instanceof ApiError && applyFieldErrors(err.fields, serverFields, setFieldError);
      if (!onFields) setError(errorMessage(err, changeFailed));
    }
  };

  return (
    <>
      {flash.message && <Alert variant="success">{flash.message}</Alert>}
      {error && <Alert variant="danger">{error}</Alert>}
      <Form noValidate onSubmit={handleSubmit(onSubmit)}>
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="account-email" autoComplete="username" value={accountEmail} readOnly hidden />
        <FormField
          id="security-current-password"
          label="Palavra-passe atual"
          type="password"
          autoComplete="current-password"
          required
          registration={register('currentPassword')}
          error={errors.currentPassword?.message}
        />
        <FormField
          id="security-new-password"
          label="Nova palavra-passe"
          type="password"
          autoComplete="new-password"
          required
          hint="Mínimo de 6 caracteres."
          registration={register('newPassword')}
          error={errors.newPassword?.message}
        />
        <FormField
          id="security-confirm-password"
          label="Confirmar nova palavra-passe"
          type="password"
          autoComplete="new-password"
          required
          registration={register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
        <SubmitButton busy={isSubmitting}>Alterar senha</SubmitButton>
      </Form>
    </>
  );
}

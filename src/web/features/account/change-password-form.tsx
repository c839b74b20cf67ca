import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { changePasswordForm } from '#shared/schemas/account.ts';
import { FormField } from '../../components/form/field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { useServerForm } from '../../components/form/use-server-form.ts';
import { useFlashMessage } from '../../components/use-timers.ts';
import { useChangePassword } from './api.ts';

const changeFailed = 'Erro ao alterar senha. Por favor tente novamente.';
const serverFields = ['currentPassword', 'newPassword'] as const;
const emptyForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The Segurança tab: a new password, proven by the current one. */
export function ChangePasswordForm({ accountEmail }: { accountEmail: string }) {
  const changePassword = useChangePassword();
  const flash = useFlashMessage();
  // A wrong current password belongs on that field, not in a banner.
  const { form, field, error, submit } = useServerForm(changePasswordForm, emptyForm, { accept: serverFields, fallback: changeFailed });

  const onSubmit = submit(async ({ currentPassword, newPassword }) => {
    flash.clear();
    const answer = await changePassword.mutateAsync({ currentPassword, newPassword });
    form.reset(emptyForm);
    flash.show(answer?.message || 'Senha alterada com sucesso!');
  });

  return (
    <>
      {flash.message && <Alert variant="success">{flash.message}</Alert>}
      {error && <Alert variant="danger">{error}</Alert>}
      <Form noValidate onSubmit={onSubmit}>
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="account-email" autoComplete="username" value={accountEmail} readOnly hidden />
        <FormField id="security-current-password" label="Palavra-passe atual" type="password" autoComplete="current-password" required {...field('currentPassword')} />
        <FormField id="security-new-password" label="Nova palavra-passe" type="password" autoComplete="new-password" required help="Mínimo de 6 caracteres." {...field('newPassword')} />
        <FormField id="security-confirm-password" label="Confirmar nova palavra-passe" type="password" autoComplete="new-password" required {...field('confirmPassword')} />
        <SubmitButton className="w-100" busy={form.formState.isSubmitting}>Alterar senha</SubmitButton>
      </Form>
    </>
  );
}

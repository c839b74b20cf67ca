import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { profileBody, type PublicUser } from '#shared/schemas/account.ts';
import { useSession } from '../../session/session.tsx';
import { FormField } from '../../components/form/field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { useServerForm } from '../../components/form/use-server-form.ts';
import { useFlashMessage } from '../../components/use-timers.ts';
import { useUpdateProfile } from './api.ts';
import BiEnvelopeExclamationIcon from '~icons/bi/envelope-exclamation';

const updateFailed = 'Erro ao atualizar perfil. Por favor tente novamente.';
const serverFields = ['username', 'email'] as const;

/** The Perfil tab: username and e-mail (a new e-mail waits for its confirmation link). */
export function ProfileDetailsForm({ user }: { user: PublicUser }) {
  const updateProfile = useUpdateProfile();
  const session = useSession();
  const flash = useFlashMessage();
  const { form, field, error, submit } = useServerForm(profileBody, { username: user.username, email: user.email }, { accept: serverFields, fallback: updateFailed });

  const onSubmit = submit(async (body) => {
    flash.clear();
    const { message, ...updated } = await updateProfile.mutateAsync(body);
    session.setUser(updated);
    // The account keeps its confirmed e-mail until the link is opened; the note below says so.
    form.reset({ username: updated.username, email: updated.email });
    flash.show(message || 'Perfil atualizado com sucesso!');
  });

  return (
    <>
      {flash.message && <Alert variant="success">{flash.message}</Alert>}
      {error && <Alert variant="danger">{error}</Alert>}
      {user.pendingEmail && (
        <div className="alert alert-info d-flex gap-2" aria-live="polite">
          <BiEnvelopeExclamationIcon className="bi" aria-hidden="true" />
          <span>
            A alteração do email para <strong className="text-break">{user.pendingEmail}</strong> aguarda confirmação. Abra o
            link que enviámos para esse endereço para a concluir.
          </span>
        </div>
      )}
      <Form noValidate onSubmit={onSubmit}>
        <FormField id="profile-username" label="Nome de utilizador" autoComplete="username" required {...field('username')} />
        <FormField id="profile-email" label="Email" type="email" autoComplete="email" required {...field('email')} />
        <SubmitButton className="w-100" busy={form.formState.isSubmitting}>Guardar alterações</SubmitButton>
      </Form>
    </>
  );
}

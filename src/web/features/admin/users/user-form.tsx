import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import type { FieldPath, Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { createUserBody, type PublicUser, updateUserBody } from '#shared/schemas/account.ts';
import { CheckField, FormField } from '../../../components/form/field.tsx';
import { useServerForm } from '../../../components/form/use-server-form.ts';
import { useSession } from '../../../session/session.tsx';
import { adminListHref } from '../admin-tabs.ts';
import { FormActions } from '../form-actions.tsx';
import type { TabNotice } from '../notice-alert.tsx';
import { useSaveUser } from './api.ts';

type UserFormValues = { username: string; email: string; password: string; isAdmin: boolean; isBanned: boolean; isVerified: boolean };
type UserFormOutput = z.output<typeof updateUserBody>;

const fieldNames = ['username', 'email', 'password', 'isAdmin', 'isBanned', 'isVerified'] as const satisfies readonly FieldPath<UserFormValues>[];

// backoffice.md §5: password required on create; on edit a blank one keeps the current password.
// The form always holds every field, which both schemas accept; only their declared input types differ
// (optional flags, optional password), so the resolvers are typed as the form's.
const formResolver = (schema: typeof createUserBody | typeof updateUserBody) =>
  zodResolver(schema) as unknown as Resolver<UserFormValues, unknown, UserFormOutput>;
const createResolver = formResolver(createUserBody);
const updateResolver = formResolver(updateUserBody);

const saveFailed = 'Erro ao guardar utilizador. Por favor verifique os dados e tente novamente.';
const listHref = adminListHref('users');

/** The admin user form: create when no user is given, edit otherwise. */
export function UserForm({ user }: { user?: PublicUser }) {
  const session = useSession();
  const navigate = useNavigate();
  const save = useSaveUser(user?.id);
  const isSelf = user !== undefined && user.id === session.user?.id;

  const { form, error: failure, submit } = useServerForm(
    user ? updateResolver : createResolver,
    {
      username: user?.username ?? '',
      email: user?.email ?? '',
      password: '',
      isAdmin: user?.isAdmin ?? false,
      isBanned: user?.isBanned ?? false,
      isVerified: user?.isVerified ?? false,
    },
    // e.g. 409 with fields.email: the message goes under the field, which gets the focus, and the alert says the save failed.
    { accept: fieldNames, fallback: saveFailed, alertWithFields: true },
  );

  const onSubmit = submit(async (values) => {
    // A disabled checkbox reads as unchecked; an admin editing themselves stays an admin and unbanned.
    const body = isSelf ? { ...values, isAdmin: true, isBanned: false } : values;
    const saved = await save.mutateAsync(body);
    if (saved.id === session.user?.id) session.setUser(saved);
    await navigate(listHref, { state: { notice: user ? 'Utilizador guardado.' : 'Utilizador criado.' } satisfies TabNotice });
  });

  const field = (name: (typeof fieldNames)[number]) => ({ id: `user-${name}`, registration: form.register(name), error: form.formState.errors[name]?.message });

  const saving = save.isPending;
  return (
    <Form noValidate onSubmit={onSubmit}>
      {failure && <Alert variant="danger">{failure}</Alert>}

      <FormField label="Nome de utilizador" autoComplete="off" maxLength={60} {...field('username')} />
      <FormField label="Email" type="email" inputMode="email" autoComplete="off" maxLength={254} {...field('email')} />
      <FormField
        label="Palavra-passe"
        type="password"
        autoComplete="new-password"
        maxLength={200}
        help={user ? 'Deixe em branco para manter a palavra-passe atual.' : 'Pelo menos 6 caracteres.'}
        {...field('password')}
      />

      <fieldset className="mb-4">
        <legend className="fs-6 fw-semibold">Estado da conta</legend>
        <CheckField label="Administrador" disabled={isSelf} {...field('isAdmin')} {...(isSelf && { helpId: 'user-self-help' })} />
        <CheckField label="Bloqueado" disabled={isSelf} {...field('isBanned')} {...(isSelf && { helpId: 'user-self-help' })} />
        <CheckField label="Verificado" {...field('isVerified')} />
        {isSelf && (
          <Form.Text id="user-self-help">
            Está a editar a sua própria conta: um administrador não pode retirar a si próprio o acesso de administrador nem bloquear
            a própria conta.
          </Form.Text>
        )}
      </fieldset>

      <FormActions saving={saving} cancelHref={listHref} />
    </Form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { type FieldPath, type Resolver, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { createUserBody, type PublicUser, updateUserBody } from '#shared/schemas/account.ts';
import { ApiError, errorMessage } from '../../../api/client.ts';
import { useSession } from '../../../session/session.tsx';
import { adminTabHref, USERS_TAB } from '../admin-paths.ts';
import { FormActions } from '../form-actions.tsx';
import { useSaveUser } from './api.ts';

type UserFormValues = { username: string; email: string; password: string; isAdmin: boolean; isBanned: boolean; isVerified: boolean };
type UserFormOutput = z.output<typeof updateUserBody>;

const fieldNames = ['username', 'email', 'password', 'isAdmin', 'isBanned', 'isVerified'] as const satisfies readonly FieldPath<UserFormValues>[];
const isFieldName = (name: string): name is (typeof fieldNames)[number] => (fieldNames as readonly string[]).includes(name);

// backoffice.md §5: password required on create; on edit a blank one keeps the current password.
// The form always holds every field, which both schemas accept; only their declared input types differ
// (optional flags, optional password), so the resolvers are typed as the form's.
const formResolver = (schema: typeof createUserBody | typeof updateUserBody) =>
  zodResolver(schema) as unknown as Resolver<UserFormValues, unknown, UserFormOutput>;
const createResolver = formResolver(createUserBody);
const updateResolver = formResolver(updateUserBody);

const saveFailed = 'Erro ao guardar utilizador. Por favor verifique os dados e tente novamente.';
const listHref = adminTabHref(USERS_TAB);

/** The admin user form: create when no user is given, edit otherwise. */
export function UserForm({ user }: { user?: PublicUser }) {
  const session = useSession();
  const navigate = useNavigate();
  const save = useSaveUser(user?.id);
  const [failure, setFailure] = useState<string | null>(null);
  const isSelf = user !== undefined && user.id === session.user?.id;

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<UserFormValues, unknown, UserFormOutput>({
    resolver: user ? updateResolver : createResolver,
    defaultValues: {
      username: user?.username ?? '',
      email: user?.email ?? '',
      password: '',
      isAdmin: user?.isAdmin ?? false,
      isBanned: user?.isBanned ?? false,
      isVerified: user?.isVerified ?? false,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    // A disabled checkbox reads as unchecked; an admin editing themselves stays an admin and unbanned.
    const body = isSelf ? { ...values, isAdmin: true, isBanned: false } : values;
    try {
      const saved = await save.mutateAsync(body);
      if (saved.id === session.user?.id) session.setUser(saved);
      navigate(listHref);
    } catch (err) {
      // e.g. 409 with fields.email: the message goes under the field, which gets the focus.
      const serverFields = Object.entries(err instanceof ApiError ? (err.fields ?? {}) : {});
      let focused = false;
      for (const [name, message] of serverFields) {
        if (!isFieldName(name)) continue;
        setError(name, { type: 'server', message }, { shouldFocus: !focused });
        focused = true;
      }
      setFailure(errorMessage(err, saveFailed));
    }
  });

  /** Label, help and error wiring shared by the text fields (WCAG: error announced with the field). */
  const describe = (name: (typeof fieldNames)[number], helpId?: string) => {
    const invalid = Boolean(errors[name]);
    const ids = [helpId, invalid ? `user-${name}-error` : undefined].filter(Boolean).join(' ');
    return { isInvalid: invalid, 'aria-invalid': invalid, 'aria-describedby': ids || undefined };
  };
  const fieldError = (name: (typeof fieldNames)[number]) =>
    errors[name]?.message ?
      <Form.Control.Feedback type="invalid" id={`user-${name}-error`}>
        {errors[name].message}
      </Form.Control.Feedback>
    : null;
  const checkError = (name: (typeof fieldNames)[number]) =>
    errors[name]?.message ?
      <div className="invalid-feedback d-block" id={`user-${name}-error`}>
        {errors[name].message}
      </div>
    : null;

  const saving = save.isPending;
  return (
    <Form noValidate onSubmit={onSubmit}>
      {failure && <Alert variant="danger">{failure}</Alert>}

      <Form.Group className="mb-3" controlId="user-username">
        <Form.Label>Nome de utilizador</Form.Label>
        <Form.Control type="text" autoComplete="off" maxLength={60} {...register('username')} {...describe('username')} />
        {fieldError('username')}
      </Form.Group>

      <Form.Group className="mb-3" controlId="user-email">
        <Form.Label>Email</Form.Label>
        <Form.Control type="email" inputMode="email" autoComplete="off" maxLength={254} {...register('email')} {...describe('email')} />
        {fieldError('email')}
      </Form.Group>

      <Form.Group className="mb-3" controlId="user-password">
        <Form.Label>Palavra-passe</Form.Label>
        <Form.Control
          type="password"
          autoComplete="new-password"
          maxLength={200}
          {...register('password')}
          {...describe('password', 'user-password-help')}
        />
        {fieldError('password')}
        <Form.Text id="user-password-help">
          {user ? 'Deixe em branco para manter a palavra-passe atual.' : 'Pelo menos 6 caracteres.'}
        </Form.Text>
      </Form.Group>

      <fieldset className="mb-4">
        <legend className="fs-6 fw-semibold">Estado da conta</legend>
        <Form.Check
          type="checkbox"
          id="user-isAdmin"
          label="Administrador"
          disabled={isSelf}
          {...register('isAdmin')}
          {...describe('isAdmin', isSelf ? 'user-self-help' : undefined)}
        />
        {checkError('isAdmin')}
        <Form.Check
          type="checkbox"
          id="user-isBanned"
          label="Bloqueado"
          disabled={isSelf}
          {...register('isBanned')}
          {...describe('isBanned', isSelf ? 'user-self-help' : undefined)}
        />
        {checkError('isBanned')}
        <Form.Check type="checkbox" id="user-isVerified" label="Verificado" {...register('isVerified')} {...describe('isVerified')} />
        {checkError('isVerified')}
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

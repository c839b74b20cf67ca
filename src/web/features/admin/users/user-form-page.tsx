import { messages } from '#shared/messages.ts';
import { RecordFormPage, type RecordKind } from '../record-form-page.tsx';
import { userQueryOptions } from './api.ts';
import { UserForm } from './user-form.tsx';

const user: RecordKind = { one: 'utilizador', many: 'utilizadores', list: 'users', width: '42rem', loadError: 'Erro ao carregar utilizadores.', notFound: messages.userNotFound };

/** /admin-dashboard/create-user and /admin-dashboard/edit-user/:id (backoffice.md §2). */
export function UserFormPage() {
  return <RecordFormPage kind={user} query={userQueryOptions} form={(record) => <UserForm user={record} />} />;
}

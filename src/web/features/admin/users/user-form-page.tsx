import { messages } from '#shared/messages.ts';
import { adminListHref } from '../admin-tabs.ts';
import { RecordFormPage } from '../record-form-page.tsx';
import { userQueryOptions } from './api.ts';
import { UserForm } from './user-form.tsx';

/** /admin-dashboard/create-user and /admin-dashboard/edit-user/:id (backoffice.md §2). */
export function UserFormPage() {
  return (
    <RecordFormPage
      width="42rem"
      create={{ title: 'Novo utilizador', description: 'Criar uma nova conta de utilizador.', form: <UserForm /> }}
      edit={{
        title: 'Editar utilizador',
        description: 'Editar os dados e o estado de uma conta de utilizador.',
        query: userQueryOptions,
        loadingLabel: 'A carregar utilizador...',
        loadError: 'Erro ao carregar utilizadores.',
        form: (user) => <UserForm user={user} />,
      }}
      notFound={{ message: messages.userNotFound, listHref: adminListHref('users'), listLabel: 'Voltar à lista de utilizadores' }}
    />
  );
}

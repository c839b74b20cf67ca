import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { newsletterMessages, type Subscriber } from '#shared/schemas/newsletter.ts';
import { NoticeAlert } from '../notice-alert.tsx';
import { QueryState } from '../query-state.tsx';
import { subscribersQueryOptions, useDeleteSubscriber } from './api.ts';
import { SubscribersTable } from './subscribers-table.tsx';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { useTabDelete } from '../use-tab-delete.ts';

/** The Subscritores tab of the admin dashboard (backoffice.md §2, §8): the list, with delete after confirmation. */
export function SubscribersTab() {
  const subscribers = useQuery(subscribersQueryOptions());
  const remove = useDeleteSubscriber();
  const [search, setSearch] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const searchId = useId();

  const all = useMemo(() => subscribers.data ?? [], [subscribers.data]);
  const needle = search.trim().toLowerCase();
  const visible = useMemo(() => (needle ? all.filter((s) => s.email.includes(needle)) : all), [all, needle]);
  const confirmed = all.filter((s) => s.status === 'confirmed').length;

  const confirm = useTabDelete<Subscriber, string>(remove, {
    keyOf: (subscriber) => subscriber.email,
    failed: newsletterMessages.deleteError,
    deleted: newsletterMessages.subscriberDeleted,
    setNotice,
  });

  return (
    <section aria-label="Subscritores">
      <Form.Group controlId={searchId} className="mb-3" style={{ maxWidth: '24rem' }}>
        <Form.Label>Pesquisar por email</Form.Label>
        <Form.Control type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
      </Form.Group>

      <NoticeAlert notice={notice} onClose={() => setNotice(null)} />

      <QueryState
        query={subscribers}
        loadingLabel="A carregar subscritores..."
        loadError={newsletterMessages.listError}
        empty={<p className="text-secondary my-4">Ainda não existem subscritores da newsletter.</p>}
      >
        {() => (
          <>
            <p className="small text-secondary mb-2" role="status">
              {needle ?
                `${visible.length} de ${all.length} subscritores`
              : `${all.length} ${all.length === 1 ? 'subscritor' : 'subscritores'}, ${confirmed} ${confirmed === 1 ? 'confirmado' : 'confirmados'}`}
            </p>
            {visible.length === 0 ?
              <p className="text-secondary my-4">Nenhum subscritor corresponde à pesquisa.</p>
            : <SubscribersTable subscribers={visible} onDelete={confirm.ask} />}
          </>
        )}
      </QueryState>

      <ConfirmDeleteModal
        {...confirm.modal}
        title="Eliminar subscritor"
        question={
          <>
            Tem a certeza que deseja eliminar o subscritor <strong className="text-break">{confirm.target?.email}</strong>? O email e o
            registo do consentimento são apagados e esta ação não pode ser desfeita.
          </>
        }
      />
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { type AdminCollection, collectionMessages } from '#shared/schemas/collections.ts';
import { paths } from '#shared/paths.ts';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { useConfirmDelete } from '../../../components/use-confirm-delete.ts';
import { AdminTable } from '../admin-table.tsx';
import { NoticeAlert, noticeFrom } from '../notice-alert.tsx';
import { QueryState } from '../query-state.tsx';
import { RowActionsCell, ThumbnailCell } from '../table-cells.tsx';
import { adminCollectionsQueryOptions, useDeleteCollection } from './api.ts';
import BiPlusLgIcon from '~icons/bi/plus-lg';

export const COLLECTIONS_LOAD_ERROR = 'Erro ao carregar coleções.';
const DELETE_ERROR = 'Erro ao eliminar coleção.';
const CONFIRM_DELETE = 'Tem a certeza que deseja eliminar esta coleção? Os produtos continuam na loja.';

function CollectionsTable({ collections, onDelete }: { collections: readonly AdminCollection[]; onDelete: (c: AdminCollection) => void }) {
  return (
    <AdminTable
      label="Lista de coleções"
      caption="Coleções da loja, por nome"
      columns={[{ label: 'Imagem', hidden: true }, 'Nome', 'Endereço', 'Produtos', 'Estado', 'Ações']}
    >
      {collections.map((c) => (
        <tr key={c.id}>
          <ThumbnailCell src={c.image?.thumbnail} />
          <th scope="row" className="fw-semibold text-break" style={{ minWidth: '10rem' }}>
            {c.name}
          </th>
          <td className="text-break">{c.published ? <Link to={paths.collection(c.slug)}>/colecoes/{c.slug}</Link> : `/colecoes/${c.slug}`}</td>
          <td>{c.productIds.length}</td>
          <td>
            {c.published ? 'Publicada' : 'Rascunho'}
            {c.onHome && <span className="d-block small text-secondary">Na página inicial</span>}
          </td>
          <RowActionsCell editHref={paths.adminEditCollection(c.id)} label={`coleção ${c.name}`} onDelete={() => onDelete(c)} />
        </tr>
      ))}
    </AdminTable>
  );
}

/** The Coleções tab of the admin dashboard (issue #30): every collection, published or not. */
export function CollectionsTab() {
  const location = useLocation();
  const collections = useQuery(adminCollectionsQueryOptions());
  const remove = useDeleteCollection();
  const [notice, setNotice] = useState<string | null>(() => noticeFrom(location.state));
  const confirm = useConfirmDelete<AdminCollection, number, { message: string }>(remove, {
    keyOf: (c) => c.id,
    failed: () => DELETE_ERROR,
    onAsk: () => setNotice(null),
    onDeleted: () => setNotice(collectionMessages.deleted),
  });
  const count = collections.data?.length ?? 0;
  return (
    <section aria-label="Coleções">
      <div className="d-flex flex-column flex-sm-row align-items-stretch align-items-sm-center justify-content-between gap-3 mb-3">
        <p className="small text-secondary mb-0" role="status">
          {collections.isSuccess && (count === 0 ? 'Ainda não existem coleções.' : `${count} ${count === 1 ? 'coleção' : 'coleções'}`)}
        </p>
        <Link to={paths.adminCreateCollection} className="btn btn-primary">
          <BiPlusLgIcon className="bi me-2" aria-hidden="true" />
          Nova coleção
        </Link>
      </div>
      <NoticeAlert notice={notice} onClose={() => setNotice(null)} />
      <QueryState query={collections} loadingLabel="A carregar coleções..." loadError={COLLECTIONS_LOAD_ERROR}>
        {(list) => count > 0 && <CollectionsTable collections={list} onDelete={confirm.ask} />}
      </QueryState>
      <ConfirmDeleteModal
        {...confirm.modal}
        title="Eliminar coleção"
        question={
          <>
            {CONFIRM_DELETE}
            <strong className="d-block text-break mt-2">{confirm.target?.name}</strong>
          </>
        }
      />
    </section>
  );
}

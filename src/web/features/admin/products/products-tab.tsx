import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useLocation } from 'react-router';
import { catalogMessages, type Product } from '#shared/schemas/catalog.ts';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { paths } from '#shared/paths.ts';
import { NoticeAlert, noticeFrom } from '../notice-alert.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { PRODUCTS_PAGE_SIZE, productsQueryOptions, useDeleteProduct } from './api.ts';

import { ProductsTable } from './products-table.tsx';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { PagedList } from '../paged-list.tsx';
import { TabToolbar } from '../tab-toolbar.tsx';
import { useTabDelete } from '../use-tab-delete.ts';
import { useDebouncedValue, useListParams } from '../../../components/use-list-params.ts';
import { ProductExport } from '../exports/exports.tsx';
import { ProductImport } from '../exports/product-import.tsx';
import BiPlusLgIcon from '~icons/bi/plus-lg';

/** Typing pauses this long before the list is searched again on the server. */
export const SEARCH_DELAY_MS = 300;


/** The Produtos tab of the admin dashboard (backoffice.md §2, §8): searched and paged on the server. */
export function ProductsTab() {
  const location = useLocation();
  // Search and page live in the address (beside ?tab=), like the orders tab: Back from the form returns to them.
  const { q, page, set, setPage } = useListParams();
  const [search, setSearch] = useState(q);
  const typed = useDebouncedValue(search, SEARCH_DELAY_MS);
  const products = useQuery(productsQueryOptions({ q, page }));
  const remove = useDeleteProduct();
  // A save or a delete on the form page comes back here with its message.
  const [notice, setNotice] = useState<string | null>(() => noticeFrom(location.state));
  const searchId = useId();

  const applySearch = (text: string) => {
    if (text.trim() !== q) set({ q: text.trim() });
  };

  // The search goes to the server once typing pauses. Only a change of the typed text searches: the address
  // changing (Back) does not search again with an older text.
  const applied = useRef(typed);
  useEffect(() => {
    if (typed === applied.current) return;
    applied.current = typed;
    if (typed.trim() !== q) set({ q: typed.trim() });
  }, [typed, q, set]);

  const confirm = useTabDelete<Product, number>(remove, {
    failed: 'Erro ao eliminar produto.',
    deleted: catalogMessages.productDeleted,
    setNotice,
    paged: { rows: products.data?.rows.length, page, setPage },
  });

  const count = products.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / PRODUCTS_PAGE_SIZE));
  const first = (page - 1) * PRODUCTS_PAGE_SIZE + 1;
  const last = Math.min(count, page * PRODUCTS_PAGE_SIZE);
  const updating = products.isFetching && products.isPlaceholderData;

  return (
    <section aria-label="Produtos">
      <TabToolbar to={paths.adminCreateProduct} label="Novo produto" icon={<BiPlusLgIcon className="bi me-2" aria-hidden="true" />} before={<ProductExport />}>
        <Form
          role="search"
          className="flex-grow-1"
          style={{ maxWidth: '24rem' }}
          onSubmit={(event) => {
            event.preventDefault();
            applySearch(search);
          }}
        >
          <Form.Group controlId={searchId}>
            <Form.Label>Pesquisar produtos</Form.Label>
            <Form.Control type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" maxLength={100} />
          </Form.Group>
        </Form>
      </TabToolbar>

      <ProductImport />
      <NoticeAlert notice={notice} onClose={() => setNotice(null)} />

      {products.isPending ?
        <PageSpinner label="A carregar produtos..." />
      : products.isError ?
        <RetryAlert message="Erro ao carregar produtos." onRetry={() => void products.refetch()} retrying={products.isFetching} />
      : <PagedList
          summary={
            count === 0 ?
              q ?
                `Nenhum produto corresponde a «${q}».`
              : 'Ainda não existem produtos.'
            : count <= PRODUCTS_PAGE_SIZE ?
              `${count} ${count === 1 ? 'produto' : 'produtos'}${q ? ` para «${q}»` : ''}`
            : `${first}–${last} de ${count} produtos${q ? ` para «${q}»` : ''}`
          }
          updating={updating}
          page={page}
          pages={pages}
          onPage={setPage}
          pagesLabel="Páginas de produtos"
        >
          {products.data.rows.length > 0 && <ProductsTable products={products.data.rows} onDelete={confirm.ask} />}
        </PagedList>
      }

      <ConfirmDeleteModal {...confirm.modal} title="Eliminar produto" question={
          <>
            Tem a certeza que deseja eliminar o produto <strong className="text-break">{confirm.target?.name}</strong>? Esta ação não pode
            ser desfeita.
          </>
        } />
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useLocation } from 'react-router';
import { catalogMessages, type Product } from '#shared/schemas/catalog.ts';
import { errorMessage } from '../../../api/client.ts';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { paths } from '../../../paths.ts';
import { NoticeAlert } from '../notice-alert.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { PRODUCTS_PAGE_SIZE, productsQueryOptions, useDeleteProduct } from './api.ts';
import { DeleteProductModal } from './delete-product-modal.tsx';
import type { ProductsNotice } from './product-form.tsx';
import { ProductsTable } from './products-table.tsx';
import { Pager } from './pager.tsx';

/** Typing pauses this long before the list is searched again on the server. */
export const SEARCH_DELAY_MS = 300;

const noticeFrom = (state: unknown): string | null =>
  state && typeof state === 'object' && typeof (state as ProductsNotice).notice === 'string' ? (state as ProductsNotice).notice : null;

/** The Produtos tab of the admin dashboard (backoffice.md §2, §8): searched and paged on the server. */
export function ProductsTab() {
  const location = useLocation();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const products = useQuery(productsQueryOptions({ q, page }));
  const remove = useDeleteProduct();
  const [target, setTarget] = useState<Product | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  // A save or a delete on the form page comes back here with its message.
  const [notice, setNotice] = useState<string | null>(() => noticeFrom(location.state));
  const searchId = useId();

  const applySearch = (text: string) => {
    if (text.trim() === q) return;
    setQ(text.trim());
    setPage(1);
  };

  useEffect(() => {
    const timer = setTimeout(() => {
      if (search.trim() !== q) {
        setQ(search.trim());
        setPage(1);
      }
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, q]);

  const askDelete = (product: Product) => {
    remove.reset();
    setNotice(null);
    setTarget(product);
    setConfirmOpen(true);
  };

  const confirmDelete = () => {
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: (answer) => {
        setConfirmOpen(false);
        setNotice(answer?.message || catalogMessages.productDeleted);
        // The last product of the last page: show the page before it.
        if (products.data?.rows.length === 1 && page > 1) setPage(page - 1);
      },
    });
  };

  const count = products.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / PRODUCTS_PAGE_SIZE));
  const first = (page - 1) * PRODUCTS_PAGE_SIZE + 1;
  const last = Math.min(count, page * PRODUCTS_PAGE_SIZE);
  const updating = products.isFetching && products.isPlaceholderData;

  return (
    <section aria-label="Produtos">
      <div className="d-flex flex-column flex-sm-row align-items-stretch align-items-sm-end justify-content-between gap-3 mb-3">
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
        <Link to={paths.adminCreateProduct} className="btn btn-primary">
          <i className="bi bi-plus-lg me-2" aria-hidden="true" />
          Novo produto
        </Link>
      </div>

      <NoticeAlert notice={notice} onClose={() => setNotice(null)} />

      {products.isPending ?
        <PageSpinner label="A carregar produtos..." />
      : products.isError ?
        <RetryAlert message="Erro ao carregar produtos." onRetry={() => void products.refetch()} retrying={products.isFetching} />
      : <>
          <p className="small text-secondary mb-2 d-flex align-items-center gap-2" role="status">
            <span>
              {count === 0 ?
                q ?
                  `Nenhum produto corresponde a «${q}».`
                : 'Ainda não existem produtos.'
              : count <= PRODUCTS_PAGE_SIZE ?
                `${count} ${count === 1 ? 'produto' : 'produtos'}${q ? ` para «${q}»` : ''}`
              : `${first}–${last} de ${count} produtos${q ? ` para «${q}»` : ''}`}
            </span>
            {updating && (
              <>
                <Spinner as="span" animation="border" size="sm" aria-hidden="true" />
                <span className="visually-hidden">A atualizar a lista...</span>
              </>
            )}
          </p>
          {products.data.rows.length > 0 && (
            <div aria-busy={updating}>
              <ProductsTable products={products.data.rows} onDelete={askDelete} />
            </div>
          )}
          {pages > 1 && <Pager page={page} pages={pages} onChange={setPage} label="Páginas de produtos" />}
        </>
      }

      <DeleteProductModal
        name={target?.name}
        show={confirmOpen}
        deleting={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, 'Erro ao eliminar produto.') : null}
        onConfirm={confirmDelete}
        onCancel={() => setConfirmOpen(false)}
        onExited={() => setTarget(null)}
      />
    </section>
  );
}

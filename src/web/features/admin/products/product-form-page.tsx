import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { Link, useParams } from 'react-router';
import { catalogMessages } from '#shared/schemas/catalog.ts';
import { PageMeta } from '../../../components/page-meta.tsx';
import { RequireAdmin } from '../../../session/guards.tsx';
import { QueryState, recordIdFrom } from '../query-state.tsx';
import { productQueryOptions } from './api.ts';
import { ProductForm } from './product-form.tsx';
import { productsListHref } from './product-paths.ts';

/** /admin-dashboard/create-product and /admin-dashboard/edit-product/:id (backoffice.md §2). */
export function ProductFormPage() {
  return (
    <RequireAdmin>
      <ProductFormScreen />
    </RequireAdmin>
  );
}

function ProductFormScreen() {
  const { id } = useParams();
  if (id === undefined) {
    return (
      <Shell title="Novo produto" description="Criar um novo produto da loja.">
        <ProductForm />
      </Shell>
    );
  }
  const productId = recordIdFrom(id);
  if (productId === null) {
    return (
      <EditShell>
        <NotFound />
      </EditShell>
    );
  }
  return <EditProduct id={productId} />;
}

function EditProduct({ id }: { id: number }) {
  const product = useQuery(productQueryOptions(id));
  return (
    <EditShell>
      <QueryState
        query={product}
        loadingLabel="A carregar produto..."
        loadError="Erro ao carregar produtos."
        notFound={<NotFound />}
      >
        {/* A fresh form per product, so its default values are this product's. */}
        {(data) => <ProductForm key={data.id} product={data} />}
      </QueryState>
    </EditShell>
  );
}

function NotFound() {
  return (
    <Alert variant="warning">
      <p>{catalogMessages.productNotFound}</p>
      <Link to={productsListHref} className="alert-link">
        Voltar à lista de produtos
      </Link>
    </Alert>
  );
}

function EditShell({ children }: { children: ReactNode }) {
  return (
    <Shell title="Editar produto" description="Editar os dados, variantes e imagens de um produto.">
      {children}
    </Shell>
  );
}

function Shell({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Container className="py-4" style={{ maxWidth: '52rem' }}>
      <PageMeta title={title} description={description} />
      <meta name="robots" content="noindex" />
      <h1 className="h2 mb-4">{title}</h1>
      {children}
    </Container>
  );
}

import './catalog.css';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Breadcrumb from 'react-bootstrap/Breadcrumb';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Link, useParams } from 'react-router';
import type { Product } from '#shared/schemas/catalog.ts';
import { ApiError } from '../../api/client.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { paths } from '#shared/paths.ts';
import { useSession } from '../../session/session.tsx';
import { productPageQueryOptions } from './api.ts';
import { ProductGallery } from './product-gallery.tsx';
import { PurchaseForm } from './purchase-form.tsx';
import { useNearViewport } from '../../components/use-near-viewport.ts';
import { DigitalBadge } from '../../components/digital-badge.tsx';
import BiPencilIcon from '~icons/bi/pencil';

const loadError = 'Erro ao carregar detalhes do produto. Por favor tente novamente mais tarde.';
const notFound = 'Produto não encontrado ou sem imagens.';

// Code the first view does not need: related products as they come near.
const RelatedProducts = lazy(async () => ({ default: (await import('./related-products.tsx')).RelatedProducts }));

function ProductDetail({ product }: { product: Product }) {
  const { user } = useSession();
  const list = product.isDigital ? { to: paths.digitalProducts, label: 'Produtos Digitais' } : { to: paths.products, label: 'Produtos' };
  return (
    <>
      <Breadcrumb label="Navegação estrutural" className="product-breadcrumb mb-3">
        <Breadcrumb.Item linkAs={Link} linkProps={{ to: paths.home }}>
          Home
        </Breadcrumb.Item>
        <Breadcrumb.Item linkAs={Link} linkProps={{ to: list.to }}>
          {list.label}
        </Breadcrumb.Item>
        <Breadcrumb.Item active className="text-break">
          {product.name}
        </Breadcrumb.Item>
      </Breadcrumb>
      <Row className="g-4">
        <Col xs={12} md={6}>
          <ProductGallery product={product} />
        </Col>
        <Col xs={12} md={6}>
          <h1 className="h2 text-break mb-2">{product.name}</h1>
          {product.isDigital && (
            <DigitalBadge label="Produto Digital" className="mb-3" />
          )}
          <PurchaseForm key={product.id} product={product} />
          {user?.isAdmin && (
            <Link to={paths.adminEditProduct(product.id)} className="btn btn-outline-secondary mt-4">
              <BiPencilIcon className="bi me-2" aria-hidden="true" />
              Editar Produto
            </Link>
          )}
        </Col>
      </Row>
      <RelatedProductsSlot product={product} />
    </>
  );
}

/** Below the product: its place kept, its code and data fetched as the customer scrolls near it. */
function RelatedProductsSlot({ product }: { product: Product }) {
  const slot = useRef<HTMLDivElement>(null);
  const near = useNearViewport(slot);
  return (
    <div ref={slot} className="related-products mt-5">
      {near && (
        <Suspense fallback={null}>
          <RelatedProducts product={product} />
        </Suspense>
      )}
    </div>
  );
}

/** /produtos/{id} (storefront.md §2): loading, error, not found or shown. */
export function ProductPage() {
  const { id = '' } = useParams();
  const validId = /^[1-9]\d{0,15}$/.test(id);
  // Its route's loader asked for it before the page shows (routes.tsx): an answer it got, a 404 too, stands.
  const product = useQuery({ ...productPageQueryOptions(id), enabled: validId, retryOnMount: false });

  let body;
  if (!validId || (product.isError && product.error instanceof ApiError && product.error.status === 404)) {
    body = (
      <>
        <div className="text-center py-5">
          <h1 className="h3 mb-4">{notFound}</h1>
          <Link to={paths.products} className="btn btn-primary">
            Voltar aos produtos
          </Link>
        </div>
      </>
    );
  } else if (product.isPending) {
    body = (
      <>
        <PageSpinner label="A carregar produto..." />
      </>
    );
  } else if (product.isError) {
    body = (
      <>
        <h1 className="visually-hidden">Detalhes do produto</h1>
        <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <span>{loadError}</span>
          <Button variant="outline-danger" size="sm" onClick={() => void product.refetch()}>
            Tentar novamente
          </Button>
        </Alert>
      </>
    );
  } else {
    body = <ProductDetail product={product.data} />;
  }
  return <Container className="py-4 py-md-5">{body}</Container>;
}


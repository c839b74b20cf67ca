import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { PageMeta } from '../../components/page-meta.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { sitemapQueryOptions } from './api.ts';
import BiDownloadIcon from '~icons/bi/download';

const loadError = 'Erro ao carregar o sitemap.';

/** Saves the text as sitemap.xml: from memory, so it works whatever host the API is on. */
function download(xml: string) {
  const url = URL.createObjectURL(new Blob([xml], { type: 'application/xml' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'sitemap.xml';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** /sitemap (backoffice.md §2): the sitemap XML as text and a button to download it. */
export function SitemapPage() {
  const sitemap = useQuery(sitemapQueryOptions);

  let body: ReactNode;
  if (sitemap.isPending) {
    body = <PageSpinner label="A carregar o sitemap..." />;
  } else if (sitemap.isError) {
    body = (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <span>{loadError}</span>
        <Button variant="outline-danger" size="sm" onClick={() => void sitemap.refetch()} disabled={sitemap.isFetching}>
          Tentar novamente
        </Button>
      </Alert>
    );
  } else {
    const xml = sitemap.data;
    body = (
      <>
        <Button variant="primary" className="mb-3" onClick={() => download(xml)}>
          <BiDownloadIcon className="bi me-2" aria-hidden="true" />
          Download sitemap.xml
        </Button>
        {/* Focusable so the keyboard can scroll it; long addresses wrap on a phone instead of running off. */}
        <pre
          className="sitemap-xml border rounded bg-body-tertiary p-3 small mb-0"
          tabIndex={0}
          role="region"
          aria-label="Conteúdo de sitemap.xml"
          style={{ maxHeight: '70vh', overflow: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          <code>{xml}</code>
        </pre>
      </>
    );
  }

  return (
    <Container className="py-4 py-md-5">
      <PageMeta title="Mapa do site" description="O mapa do site da loja (sitemap.xml): todas as páginas, produtos e serviços." />
      <h1 className="h2 mb-3">Mapa do site</h1>
      <p className="text-secondary">
        O ficheiro sitemap.xml diz aos motores de pesquisa que páginas a loja tem: as páginas principais, cada produto e cada serviço.
      </p>
      {body}
    </Container>
  );
}

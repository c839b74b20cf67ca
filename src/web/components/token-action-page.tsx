import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { Link, useSearchParams } from 'react-router';
import { paths } from '#shared/paths.ts';
import { errorMessage } from '../api/client.ts';
import { singleUseQuery } from '../api/query-keys.ts';
import { PageMeta } from './page-meta.tsx';
import { PageSpinner } from './page-spinner.tsx';

/** A feature's links a customer gets by mail, each acting once (confirm, stop): what they share. */
export type TokenLinks = {
  /** The query key's first part: one request per token and link. */
  key: string;
  /** The pages' meta description (they are never indexed). */
  description: string;
  tokenMissing: string;
};

/** One link: its page's title, the call it makes, and what it says meanwhile and when the call fails without a message. */
export type TokenLink = {
  title: string;
  loadingLabel: string;
  call: (token: string) => Promise<{ message: string }>;
  fallbackError: string;
};

/** A page for each of a feature's mail links, by name: `tokenActionPages(links, { confirm: {…}, stop: {…} }).confirm`. */
export function tokenActionPages<N extends string>(links: TokenLinks, each: Record<N, TokenLink>) {
  const pages = {} as Record<N, () => ReactNode>;
  for (const name of Object.keys(each) as N[]) pages[name] = () => <TokenActionPage links={links} link={each[name]} name={name} />;
  return pages;
}

/**
 * backoffice.md §2, §4: loading, then the server's message in a success or error box; no token is an error at
 * once. The newsletter's links and "Avise-me quando voltar"'s open it.
 */
function TokenActionPage({ links, link, name }: { links: TokenLinks; link: TokenLink; name: string }) {
  const { key, description, tokenMissing } = links;
  const { title, loadingLabel, call, fallbackError } = link;
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';

  // The link acts once: never retried, refetched or cancelled (a cancelled first request may still have been
  // served, and its repeat would then read 'already used'; StrictMode mounts twice).
  const result = useQuery({
    queryKey: [key, name, token],
    queryFn: () => call(token),
    enabled: token !== '',
    ...singleUseQuery,
  });

  let body;
  if (!token) body = <Alert variant="danger">{tokenMissing}</Alert>;
  else if (result.isPending) body = <PageSpinner label={loadingLabel} />;
  else if (result.isError) body = <Alert variant="danger">{errorMessage(result.error, fallbackError)}</Alert>;
  else body = <Alert variant="success">{result.data.message}</Alert>;

  return (
    <Container className="py-4 py-md-5">
      <PageMeta title={title} description={description} />
      <meta name="robots" content="noindex" />
      <Card className="auth-card mx-auto shadow-sm">
        <Card.Body className="p-3 p-sm-4">
          <h1 className="h3 mb-4 text-center">{title}</h1>
          {body}
          <p className="mt-4 mb-0 text-center">
            <Link to={paths.products}>Continuar a ver a loja</Link>
          </p>
        </Card.Body>
      </Card>
    </Container>
  );
}

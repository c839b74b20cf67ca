import { useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { Link, useSearchParams } from 'react-router';
import { newsletterMessages } from '#shared/schemas/newsletter.ts';
import { errorMessage } from '../../api/client.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { paths } from '#shared/paths.ts';
import { confirmSubscription, unsubscribe } from './api.ts';
import { singleUseQuery } from '../../api/query-keys.ts';

type Action = 'confirm' | 'unsubscribe';
type TokenPageText = { title: string; description: string; call: (token: string) => Promise<{ message: string }>; loadingLabel: string; fallbackError: string };

// The two links a subscriber gets by mail; `action` is also the query key's first part (one request per token and action).
const tokenPages: Record<Action, TokenPageText> = {
  confirm: { title: 'Confirmação da newsletter', description: 'Confirmação da subscrição da newsletter da loja.', call: confirmSubscription, loadingLabel: 'A confirmar a subscrição...', fallbackError: newsletterMessages.verifyError },
  unsubscribe: { title: 'Cancelar a newsletter', description: 'Cancelamento da subscrição da newsletter da loja.', call: unsubscribe, loadingLabel: 'A cancelar a subscrição...', fallbackError: newsletterMessages.unsubscribeError },
};

/** backoffice.md §2, §4: loading, then the server's message in a success or error box; no token is an error at once. */
function NewsletterTokenPage({ action }: { action: Action }) {
  const { title, description, call, loadingLabel, fallbackError } = tokenPages[action];
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';

  // The link acts once: never retried, refetched or cancelled (a cancelled first request may still have been
  // served, and its repeat would then read 'already used'; StrictMode mounts twice).
  const result = useQuery({
    queryKey: ['newsletter', action, token],
    queryFn: () => call(token),
    enabled: token !== '',
    ...singleUseQuery,
  });

  let body;
  if (!token) body = <Alert variant="danger">{newsletterMessages.tokenMissing}</Alert>;
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

/** /newsletter/verify?token= : the link in the confirmation mail. */
export function NewsletterVerifyPage() {
  return <NewsletterTokenPage action="confirm" />;
}

/** /newsletter/unsubscribe?token= : the link at the foot of every newsletter. */
export function NewsletterUnsubscribePage() {
  return <NewsletterTokenPage action="unsubscribe" />;
}

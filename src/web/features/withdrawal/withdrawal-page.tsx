import './withdrawal.css';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { formatLongDate } from '#shared/dates.ts';
import { orderMessages } from '#shared/schemas/orders.ts';
import type { WithdrawalAnswer, WithdrawalOverview } from '#shared/schemas/withdrawals.ts';
import { WITHDRAW_LABEL } from '#shared/withdrawal.ts';
import { paths } from '#shared/paths.ts';
import { ApiError } from '../../api/client.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { useSession } from '../../session/session.tsx';
import { withdrawalQueryOptions } from './api.ts';
import { WithdrawalDone, WithdrawalRequests } from './withdrawal-done.tsx';
import { periodSentence, WithdrawalSteps } from './withdrawal-steps.tsx';
import { RetryAlert } from '../../components/retry-alert.tsx';

const LOAD_ERROR = 'Não foi possível carregar a encomenda. Por favor tente novamente mais tarde.';

function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/**
 * /encomendas/:id/desistir (issue #28): the withdrawal function of one order, for its signed-in customer or a
 * guest with the link of her e-mails (`?token=`). Step 1 chooses, step 2 confirms, then what happens next.
 */
export function WithdrawalPage() {
  const id = parseId(useParams().id);
  const token = useSearchParams()[0].get('token') ?? undefined;
  if (id === null) return <Shell title={WITHDRAW_LABEL}>{<NotFound />}</Shell>;
  return <WithdrawalScreen key={`${id}:${token ?? ''}`} id={id} token={token} />;
}

function WithdrawalScreen({ id, token }: { id: number; token: string | undefined }) {
  const overview = useQuery(withdrawalQueryOptions(id, token));
  const session = useSession();
  const [done, setDone] = useState<WithdrawalAnswer | null>(null);
  const title = `${WITHDRAW_LABEL}: encomenda n.º ${id}`;

  if (done?.withdrawal && overview.data) {
    return (
      <Shell title="Desistência registada">
        <WithdrawalDone answer={done} returnAddress={overview.data.return_address} />
      </Shell>
    );
  }
  if (overview.data) {
    return (
      <Shell title={title}>
        <Opened overview={overview.data} token={token} onDone={setDone} />
      </Shell>
    );
  }
  if (overview.isError) {
    const missing = overview.error instanceof ApiError && overview.error.status === 404;
    // An order of an account: its customer signs in first (its page's link carries no token).
    if (missing && !token && session.status === 'signedOut') return <Shell title={title}><SignInFirst /></Shell>;
    return (
      <Shell title={title}>
        {missing ?
          <NotFound />
        : <RetryAlert message={LOAD_ERROR} onRetry={() => void overview.refetch()} retrying={overview.isFetching} />
        }
      </Shell>
    );
  }
  return (
    <Shell title={title}>
      <PageSpinner label="A carregar a encomenda..." />
    </Shell>
  );
}

function Opened({ overview, token, onDone }: { overview: WithdrawalOverview; token: string | undefined; onDone: (answer: WithdrawalAnswer) => void }) {
  return (
    <>
      {overview.open ?
        <WithdrawalSteps overview={overview} token={token} onDone={onDone} />
      : <Alert variant="secondary">
          <p className="mb-2">{closedReason(overview)}</p>
          <p className="mb-0">{periodSentence(overview)} Se um produto tiver defeito, mantém a garantia legal: fale connosco pela página de <Link to={paths.contact}>Contactos</Link>.</p>
        </Alert>
      }
      <WithdrawalRequests requests={overview.requests} />
    </>
  );
}

/** Why the function offers nothing: the period ended, everything was withdrawn already, or nothing had the right. */
function closedReason(overview: WithdrawalOverview) {
  const ended = overview.lines.flatMap((l) => (l.blocked === null && l.until && Date.parse(l.until) <= Date.now() ? [Date.parse(l.until)] : []));
  if (ended.length) return `O prazo para desistir desta encomenda terminou em ${formatLongDate(new Date(Math.max(...ended) - 1).toISOString())}.`;
  if (overview.requests.length) return 'Já desistiu de todos os artigos desta encomenda que a lei permite devolver.';
  return 'Os artigos desta encomenda não têm direito de livre resolução.';
}

function SignInFirst() {
  const location = useLocation();
  return (
    <Alert variant="info">
      <p>Esta encomenda pertence a uma conta. Inicie sessão com essa conta para desistir do contrato.</p>
      <Link to={paths.login} state={{ from: location }} className="alert-link">
        Iniciar sessão
      </Link>
    </Alert>
  );
}

function NotFound() {
  return (
    <Alert variant="warning">
      <p>{orderMessages.orderNotFound}</p>
      <p className="mb-0">
        Se comprou sem conta, peça a ligação em <Link to={paths.withdrawalRequest} className="alert-link">{WITHDRAW_LABEL}</Link> com o número da
        encomenda e o seu e-mail.
      </p>
    </Alert>
  );
}

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container className="py-4 py-md-5 withdrawal-page">
      <PageMeta title={title} description="Desistir do contrato: escolha os artigos, confirme e receba o comprovativo por e-mail." />
      <meta name="robots" content="noindex" />
      <h1 className="h2 mb-4">{title}</h1>
      {children}
    </Container>
  );
}

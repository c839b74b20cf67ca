import type { ComponentType, ReactNode } from 'react';
import Container from 'react-bootstrap/Container';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { paths } from '../../paths.ts';
import { parseOrderId } from './payment-format.ts';
import { type PaymentScreenState, readPaymentState } from './payment-state.ts';

export type PaymentMeta = { title: string; description: string };

export type PaymentScreenProps = { orderId: number; token: string | undefined; state: PaymentScreenState };

export function PaymentShell({ meta, children }: { meta: PaymentMeta; children: ReactNode }) {
  return (
    <Container className="py-4 py-md-5" style={{ maxWidth: '42rem' }}>
      <PageMeta title={meta.title} description={meta.description} />
      <meta name="robots" content="noindex" />
      {children}
    </Container>
  );
}

export function PaymentNotFound({ meta, message }: { meta: PaymentMeta; message: string }) {
  return (
    <PaymentShell meta={meta}>
      <div className="text-center py-5">
        <h1 className="h3 mb-3">{message}</h1>
        <Link to={paths.home} className="btn btn-primary">
          Voltar ao início
        </Link>
      </div>
    </PaymentShell>
  );
}

/**
 * A payment screen's address: the order id and a guest's token, plus what the checkout passed in the navigation
 * state. A new request for the same order comes back to the same address: `key` gives it a fresh screen.
 */
export function PaymentRoute({ meta, notFound, Screen }: { meta: PaymentMeta; notFound: string; Screen: ComponentType<PaymentScreenProps> }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const orderId = parseOrderId(params.get('id'));
  const token = params.get('token') || undefined;
  if (orderId === null) return <PaymentNotFound meta={meta} message={notFound} />;
  return <Screen key={location.key} orderId={orderId} token={token} state={readPaymentState(location.state, orderId)} />;
}

export function PaymentLoading({ meta, label }: { meta: PaymentMeta; label: string }) {
  return (
    <PaymentShell meta={meta}>
      <h1 className="visually-hidden">{meta.title}</h1>
      <PageSpinner label={label} />
    </PaymentShell>
  );
}

type RetryableQuery = { refetch: () => Promise<unknown>; isFetching: boolean };

export function PaymentLoadError({ meta, message, query }: { meta: PaymentMeta; message: string; query: RetryableQuery }) {
  return (
    <PaymentShell meta={meta}>
      <h1 className="h2 mb-4">{meta.title}</h1>
      <RetryAlert message={message} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    </PaymentShell>
  );
}

/** A 404 or 403 means there is no such payment to show (or not for this visitor): "not found", not a retry. */
export function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 403);
}

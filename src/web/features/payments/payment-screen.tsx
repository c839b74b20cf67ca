import { useQuery } from '@tanstack/react-query';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import Container from 'react-bootstrap/Container';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { PaymentInfo } from '#shared/schemas/payments.ts';
import { ApiError } from '../../api/client.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { paths } from '#shared/paths.ts';
import { parseOrderId } from './payment-format.ts';
import { type PaymentScreenState, readPaymentState } from './payment-state.ts';
import { newestPayment, orderPaymentsQueryOptions } from './api.ts';

export type PaymentMeta = { title: string; description: string };

/** A payment screen's words: its page metadata, and what it says while it looks for the payment or finds none. */
export type PaymentTexts = { meta: PaymentMeta; notFound: string; loadError: string; loading: string };

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
export function PaymentRoute({ texts, Screen }: { texts: PaymentTexts; Screen: ComponentType<PaymentScreenProps> }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const orderId = parseOrderId(params.get('id'));
  const token = params.get('token') || undefined;
  if (orderId === null) return <PaymentNotFound meta={texts.meta} message={texts.notFound} />;
  return <Screen key={location.key} orderId={orderId} token={token} state={readPaymentState(location.state, orderId)} />;
}

function PaymentLoading({ meta, label }: { meta: PaymentMeta; label: string }) {
  return (
    <PaymentShell meta={meta}>
      <h1 className="visually-hidden">{meta.title}</h1>
      <PageSpinner label={label} />
    </PaymentShell>
  );
}

type RetryableQuery = { refetch: () => Promise<unknown>; isFetching: boolean };

function PaymentLoadError({ meta, message, query }: { meta: PaymentMeta; message: string; query: RetryableQuery }) {
  return (
    <PaymentShell meta={meta}>
      <h1 className="h2 mb-4">{meta.title}</h1>
      <RetryAlert message={message} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    </PaymentShell>
  );
}

/** A 404 or 403 means there is no such payment to show (or not for this visitor): "not found", not a retry. */
function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 403);
}

/**
 * The order's newest payment by `method`, asked only when `enabled` (the checkout did not pass one). `waiting` is what
 * the screen shows until it can tell: the spinner, or the retry box when the request failed for another reason.
 */
export function useNewestPayment(texts: PaymentTexts, { orderId, token }: PaymentScreenProps, method: PaymentInfo['method'], enabled: boolean) {
  const payments = useQuery({ ...orderPaymentsQueryOptions(orderId, token), enabled });
  let waiting: ReactElement | null = null;
  if (payments.isPending) waiting = <PaymentLoading meta={texts.meta} label={texts.loading} />;
  else if (payments.isError && !isMissing(payments.error)) waiting = <PaymentLoadError meta={texts.meta} message={texts.loadError} query={payments} />;
  return { waiting, found: payments.data && newestPayment(payments.data.payments, method) };
}

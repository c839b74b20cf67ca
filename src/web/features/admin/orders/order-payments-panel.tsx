import { useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { formatLongDateTime } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import { paymentMethodLabel } from '#shared/orders.ts';
import { groupReference, paymentAlertLabel, type PaymentInfo, type PaymentStatus, paymentStatusLabel } from '#shared/schemas/payments.ts';
import { InlineSpinner } from '../../cart/cart-ui.tsx';
import { groupPhone } from '../../payments/payment-format.ts';
import { fetchOrderPayments } from '../../payments/api.ts';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import type { Order } from '#shared/schemas/orders.ts';
import { orderQueryKey, useRetryDocument } from './api.ts';
import { OrderPaymentState } from './mark-paid.tsx';
import BiExclamationTriangleFillIcon from '~icons/bi/exclamation-triangle-fill';
import { invoiceTo } from '../../orders/order-ui.tsx';
import { DocumentLink } from '../../orders/order-documents.tsx';
import { errorMessage } from '../../../api/client.ts';
import Button from 'react-bootstrap/Button';

export const PAYMENTS_LOAD_ERROR = 'Erro ao carregar os pagamentos.';

const statusBadge: Record<PaymentStatus, { bg: string; text?: 'dark' }> = {
  pending: { bg: 'warning', text: 'dark' },
  paid: { bg: 'success' },
  failed: { bg: 'danger' },
  expired: { bg: 'secondary' },
  canceled: { bg: 'secondary' },
  rejected: { bg: 'danger' },
};

const gatewayLabel: Record<string, string> = { sandbox: 'Testes (sandbox)', ifthenpay: 'ifthenpay' };

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <div className="col-12 col-sm-6">
      <dt className="small fw-normal text-secondary">{label}</dt>
      <dd className="mb-2 text-break">{value}</dd>
    </div>
  );
}

function PaymentCard({ payment }: { payment: PaymentInfo }) {
  const badge = statusBadge[payment.status];
  return (
    <li className="border rounded p-3 mb-3">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <span className="fw-semibold">{paymentMethodLabel[payment.method]}</span>
        <Badge bg={badge.bg} text={badge.text}>
          {paymentStatusLabel[payment.status]}
        </Badge>
        <span className="ms-auto fw-semibold text-nowrap">{formatEuros(payment.amount)}</span>
      </div>
      <dl className="row g-0 mb-0">
        <Row label="Entidade" value={payment.entity} />
        <Row label="Referência" value={payment.reference && groupReference(payment.reference)} />
        <Row label="Telemóvel" value={payment.phone_number && groupPhone(payment.phone_number)} />
        <Row label="Gateway" value={payment.gateway && (gatewayLabel[payment.gateway] ?? payment.gateway)} />
        <Row label="ID da encomenda no gateway" value={payment.gatewayOrderId} />
        <Row label="ID do pedido" value={payment.requestId} />
        <Row label="Criado em" value={formatLongDateTime(payment.createdAt)} />
        <Row label="Válido até" value={formatLongDateTime(payment.expiresAt)} />
        <Row label="Pago em" value={payment.paidAt && formatLongDateTime(payment.paidAt)} />
      </dl>
    </li>
  );
}

/** Who the invoice is made out to, and the invoice-receipt itself: issued (its PDF), or waiting and why. */
function InvoiceState({ order }: { order: Order }) {
  const retry = useRetryDocument();
  return (
    <div className="mb-3">
      <span className="text-secondary">Fatura: </span>
      {invoiceTo(order)}
      {order.invoice ?
        <span className="d-block">
          <DocumentLink document={order.invoice} />
        </span>
      : order.paid_at && (
          <span className="d-block small">
            Fatura-recibo por emitir{order.invoice_error ? `: ${order.invoice_error}` : '.'}
            {order.invoice_error && (
              <Button size="sm" variant="link" className="p-0 ms-2 align-baseline" disabled={retry.isPending} onClick={() => retry.mutate({ orderId: order.id, refundId: null })}>
                Tentar de novo
              </Button>
            )}
          </span>
        )
      }
      {retry.isError && <span className="d-block small text-danger">{errorMessage(retry.error, 'Não foi possível pedir a fatura.')}</span>}
      {retry.isSuccess && <span className="d-block small text-success">{retry.data.message}</span>}
    </div>
  );
}

/**
 * The order's payments, read-only (backoffice.md §2 order form, edit mode): each attempt with the gateway's ids, and
 * in a warning the callbacks that need the admin (money received for a cancelled order, a wrong amount...).
 */
export function OrderPaymentsPanel({ order }: { order: Order }) {
  const orderId = order.id;
  const payments = useQuery({
    queryKey: [...orderQueryKey(orderId), 'payments'],
    queryFn: ({ signal }) => fetchOrderPayments(orderId, undefined, signal),
  });
  return (
    <Card className="mt-4">
      <Card.Body>
        <h2 className="h5 mb-3">Pagamentos</h2>
        <OrderPaymentState order={order} />
        <InvoiceState order={order} />
        {payments.isPending ?
          <InlineSpinner label="A carregar os pagamentos..." />
        : payments.isError ?
          <RetryAlert message={PAYMENTS_LOAD_ERROR} onRetry={() => void payments.refetch()} retrying={payments.isFetching} className="mb-0" />
        : <>
            {payments.data.alerts && payments.data.alerts.length > 0 && (
              <Alert variant="warning">
                <h3 className="h6">
                  <BiExclamationTriangleFillIcon className="bi me-2" aria-hidden="true" />
                  Pagamentos que precisam de atenção
                </h3>
                <ul className="mb-0 ps-3">
                  {payments.data.alerts.map((alert) => (
                    <li key={alert.id} className="mb-1">
                      <span className="fw-semibold">{paymentAlertLabel[alert.outcome] ?? alert.outcome}</span>
                      {` (${formatLongDateTime(alert.receivedAt)})`}
                      {Object.keys(alert.params).length > 0 && (
                        <span className="d-block small text-break">
                          {Object.entries(alert.params)
                            .map(([key, value]) => `${key}: ${value}`)
                            .join(' · ')}
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              </Alert>
            )}
            {payments.data.payments.length === 0 ?
              <p className="text-secondary mb-0">Esta encomenda ainda não tem pagamentos.</p>
            : <ul className="list-unstyled mb-0" aria-label="Pagamentos da encomenda">
                {payments.data.payments.map((payment) => (
                  <PaymentCard key={payment.id} payment={payment} />
                ))}
              </ul>
            }
          </>
        }
      </Card.Body>
    </Card>
  );
}

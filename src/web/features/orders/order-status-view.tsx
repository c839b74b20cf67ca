import './orders.css';
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { formatLongDateTime } from '#shared/dates.ts';
import { paymentMethodLabel } from '#shared/orders.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { OrderPayment } from '../payments/order-payment.tsx';
import { WithdrawalEntry } from '../withdrawal/withdrawal-entry.tsx';
import { OrderItemsTable, OrderSummary } from './order-details.tsx';
import { hasDocuments, OrderDocuments } from './order-documents.tsx';
import { OrderTimeline, refundSentence } from './order-timeline.tsx';
import { OrderStatusBadge } from './order-ui.tsx';

type Props = {
  order: Order;
  /** A guest's key to the order (the link in every e-mail): the payment calls and documents carry it. */
  token?: string | undefined;
  refreshing?: boolean;
  /** What the customer may do with the order (the signed-in page's cancellation), under its state. */
  actions?: ReactNode;
};

/**
 * One order as its customer reads it, on the guest's page (the link in every e-mail) and the signed-in customer's
 * alike (issue #25): where it stands (status, timeline with dates, refund), how to pay it while unpaid (every
 * method it can still use), its documents, what was bought, the totals, the address and who the invoice is for.
 */
export function OrderStatusView({ order, token, refreshing = false, actions }: Props) {
  const refund = refundSentence(order);
  return (
    <Row className="g-4">
      <Col lg={8}>
        <Card className="mb-4">
          <Card.Body>
            <dl className="row mb-3">
              <dt className="col-sm-4">Número da encomenda</dt>
              <dd className="col-sm-8">{`N.º ${order.id}`}</dd>
              <dt className="col-sm-4">Data</dt>
              <dd className="col-sm-8">
                <time dateTime={order.order_date}>{formatLongDateTime(order.order_date)}</time>
              </dd>
              <dt className="col-sm-4">Estado</dt>
              <dd className="col-sm-8">
                <OrderStatusBadge status={order.status} />
                {refreshing && (
                  <Spinner as="span" animation="border" size="sm" className="ms-2 align-middle" role="status">
                    <span className="visually-hidden">A atualizar...</span>
                  </Spinner>
                )}
              </dd>
              <dt className="col-sm-4">Método de pagamento</dt>
              <dd className="col-sm-8 mb-0">{paymentMethodLabel[order.payment_method] ?? order.payment_method}</dd>
            </dl>
            <OrderTimeline order={order} />
            {refund && <p className="mt-3 pt-3 border-top mb-0">{refund}</p>}
            {actions}
          </Card.Body>
        </Card>

        {(order.paid_at || order.status !== 'cancelled') && (
          <Card className="mb-4">
            <Card.Body>
              <h2 className="h5">Pagamento</h2>
              <OrderPayment order={order} token={token} />
            </Card.Body>
          </Card>
        )}

        <WithdrawalEntry orderId={order.id} token={token} cancelled={order.status === 'cancelled'} />

        {hasDocuments(order) && (
          <Card className="mb-4">
            <Card.Body>
              <h2 className="h5">Faturas e reembolsos</h2>
              <OrderDocuments order={order} token={token} />
            </Card.Body>
          </Card>
        )}

        <OrderItemsTable order={order} />
      </Col>

      <Col lg={4}>
        <OrderSummary order={order} />
      </Col>
    </Row>
  );
}

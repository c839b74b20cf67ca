import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { formatCents, formatEuros, toCents } from '#shared/money.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { paths } from '#shared/paths.ts';
import { discountRows, vatRows } from '../cart/cart-totals.ts';
import { DigitalAccess } from '../payments/order-payment.tsx';
import { invoiceTo, orderNumber } from './order-ui.tsx';
import { DigitalBadge } from '../../components/digital-badge.tsx';
import { TableHead } from '../../components/table-head.tsx';

/** The order's lines: product (with its digital access), quantity, unit price and subtotal. */
export function OrderItemsTable({ order }: { order: Order }) {
  return (
    <>
    <h2 className="h4 mb-3">Artigos</h2>
    <Table className="orders-stack align-middle">
      <caption className="visually-hidden">Artigos da encomenda {orderNumber(order.id)}</caption>
      <TableHead columns={['Produto', { label: 'Quantidade', className: 'text-sm-end' }, { label: 'Preço unitário', className: 'text-sm-end text-nowrap' }, { label: 'Subtotal', className: 'text-sm-end' }]} />
      <tbody>
        {order.orderItems.map((item) => (
          <tr key={item.id}>
            <th scope="row" className="fw-normal">
              <div className="d-flex align-items-center gap-2 text-start">
                {item.product.image && (
                  <img
                    src={item.product.image}
                    alt=""
                    width={48}
                    height={48}
                    className="rounded border flex-shrink-0"
                    style={{ objectFit: 'cover' }}
                    loading="lazy"
                  />
                )}
                <div className="text-break">
                  {item.product.id !== null ?
                    <Link to={paths.product(item.product.id)}>{item.product.name}</Link>
                  : <span>{item.product.name}</span>}
                  {item.variant && <span className="d-block small text-secondary">Variante: {item.variant.name}</span>}
                  {item.product.isDigital && (
                    <DigitalBadge className="mt-1" />
                  )}
                  <DigitalAccess item={item} order={order} />
                </div>
              </div>
            </th>
            <td data-label="Quantidade" className="text-sm-end">
              {item.quantity}
            </td>
            <td data-label="Preço unitário" className="text-sm-end text-nowrap">
              {formatEuros(item.price)}
            </td>
            <td data-label="Subtotal" className="text-sm-end text-nowrap">
              {formatCents(toCents(item.price) * item.quantity)}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
    </>
  );
}

/** The totals as the order stored them, and where it ships. */
export function OrderSummary({ order }: { order: Order }) {
  const subtotalCents = order.orderItems.reduce((sum, item) => sum + toCents(item.price) * item.quantity, 0);
  return (
    <>
      <Card className="mb-4">
        <Card.Body>
          <h2 className="h5">Resumo</h2>
          <dl className="mb-0">
            <Line label="Subtotal" value={formatCents(subtotalCents)} />
            {/* The discount code the order was sold with, as stored then (decision 0054). */}
            {discountRows({ discount: order.discount?.amount, discount_label: order.discount?.label }).map(([label, value]) => (
              <Line key={label} label={label} value={value} />
            ))}
            <Line label="Portes" value={order.shipping_cost === 0 ? 'Grátis' : formatEuros(order.shipping_cost)} />
            {vatRows({ taxRate: 0.23, totalTax: order.total_tax, vat_lines: order.vat_lines, vat_note: order.vat_note }).map(([label, value]) => (
              <Line key={label} label={label} value={value} />
            ))}
            <Line label="Total" value={formatEuros(order.total_price_with_tax)} strong />
          </dl>
        </Card.Body>
      </Card>
      <Card>
        <Card.Body>
          <h2 className="h5">Envio</h2>
          <dl className="mb-0">
            <dt>Morada de envio</dt>
            <dd className="text-break" style={{ whiteSpace: 'pre-line' }}>
              {order.shipping_address}
            </dd>
            <ShippingLines shipping={order.shipping} />
            <dt>Telefone</dt>
            <dd>
              <a href={`tel:${order.phone.replace(/[^\d+]/g, '')}`}>{order.phone}</a>
            </dd>
            <dt>Fatura</dt>
            <dd className="mb-0 text-break">{invoiceTo(order)}</dd>
          </dl>
        </Card.Body>
      </Card>
    </>
  );
}

/** How it ships (the method, or where to pick it up) and, once it left, the parcel with the carrier's tracking page. */
function ShippingLines({ shipping }: { shipping: Order['shipping'] }) {
  const { method, tracking } = shipping ?? {};
  return (
    <>
      {method && (
        <>
          <dt>{method.pickup ? 'Levantamento' : 'Método de envio'}</dt>
          <dd className="text-break">{method.pickup ? `${method.name}: ${method.pickup_details ?? ''}` : method.name}</dd>
        </>
      )}
      {tracking && (
        <>
          <dt>Seguimento</dt>
          <dd className="text-break">
            {`${tracking.carrier_label}, n.º `}
            {tracking.url ?
              <a href={tracking.url} target="_blank" rel="noopener noreferrer">
                {tracking.number}
                <span className="visually-hidden"> (seguir a encomenda no site da transportadora, abre numa nova janela)</span>
              </a>
            : tracking.number}
          </dd>
        </>
      )}
    </>
  );
}

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`d-flex justify-content-between gap-3 ${strong ? 'border-top pt-2 mt-2 fw-bold fs-5' : 'mb-1'}`}>
      <dt className={strong ? '' : 'fw-normal'}>{label}</dt>
      {value ? <dd className="mb-0 text-nowrap">{value}</dd> : null}
    </div>
  );
}

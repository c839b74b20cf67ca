import { and, desc, eq } from 'drizzle-orm';
import { formatCents, toEuros } from '#shared/money.ts';
import { parseGatewayAmount } from './gateway.ts';
import { paymentMethodLabel } from '#shared/orders.ts';
import { paths } from '#shared/paths.ts';
import type { OrderPaymentsAnswer, PaymentInfo } from '#shared/schemas/payments.ts';
import { paymentMessages } from '#shared/schemas/payments.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { composeMail } from '../../platform/mail.ts';
import { customerText } from '../../platform/mail-templates/customer-text.ts';
import { recordChange } from '../audit/audit.ts';
import { orderForPayment, type Viewer } from '../orders/for-payments.ts';
import { type PaymentRow, sandboxPhoneUrl, sandboxRequestId } from './payment-records.ts';
import { paymentCallbacks, payments } from './tables.ts';

function toInfo(row: PaymentRow, asAdmin: boolean): PaymentInfo {
  return {
    id: row.id,
    method: row.method,
    status: row.status,
    amount: toEuros(row.amountCents),
    entity: row.entity,
    reference: row.reference,
    phone_number: row.phone,
    expiresAt: row.expiresAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    gateway: row.gateway,
    ...(row.gateway === 'sandbox' && row.method === 'mbway' ? { sandboxUrl: sandboxPhoneUrl(sandboxRequestId(row)) } : {}),
    ...(asAdmin ? { gatewayOrderId: row.gatewayOrderId, requestId: row.requestId } : {}),
  };
}

/** GET /payment/order/{orderId}: the order's payments, newest first; admins also see the gateway's ids and alerts. */
export async function orderPayments(db: Db, orderId: number, viewer: Viewer): Promise<OrderPaymentsAnswer> {
  const order = await orderForPayment(db, orderId, viewer);
  const rows = await db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(desc(payments.createdAt), desc(payments.id));
  const answer: OrderPaymentsAnswer = { payments: rows.map((r) => toInfo(r, viewer.isAdmin)) };
  if (viewer.isAdmin) {
    const ids = new Set(rows.map((r) => r.id));
    const alerts = (await paymentAlerts(db)).filter((a) => a.order_id === order.id || (a.paymentId !== null && ids.has(a.paymentId)));
    answer.alerts = alerts.map(({ paymentId: _, ...alert }) => alert);
  }
  return answer;
}

/** Callbacks that need the admin: money for a cancelled or already paid order, or of the wrong amount. */
export async function paymentAlerts(db: Db) {
  const rows = await db
    .select({ callback: paymentCallbacks, orderId: payments.orderId })
    .from(paymentCallbacks)
    .leftJoin(payments, eq(payments.id, paymentCallbacks.paymentId))
    .where(eq(paymentCallbacks.needsAttention, true))
    .orderBy(desc(paymentCallbacks.receivedAt))
    .limit(100);
  return rows.map(({ callback, orderId }) => ({
    id: callback.id,
    paymentId: callback.paymentId,
    order_id: orderId,
    outcome: callback.outcome,
    receivedAt: callback.receivedAt.toISOString(),
    params: callback.params as Record<string, string>,
  }));
}

/** The admin has dealt with an alert (refunded, or decided to keep the money): it leaves the list, into the audit log. */
export async function resolveAlert(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(paymentCallbacks)
      .set({ needsAttention: false })
      .where(and(eq(paymentCallbacks.id, id), eq(paymentCallbacks.needsAttention, true)))
      .returning({ id: paymentCallbacks.id, outcome: paymentCallbacks.outcome, paymentId: paymentCallbacks.paymentId });
    if (!row) throw notFound(paymentMessages.alertNotFound);
    const [payment] = row.paymentId ? await tx.select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, row.paymentId)) : [];
    await recordChange(tx, {
      entity: 'payment-alert',
      entityId: id,
      action: 'resolve',
      after: { outcome: row.outcome, orderId: payment?.orderId ?? null },
    });
  });
}


/** The callbacks that need the owner: money that arrived for a cancelled or already paid order, or of another amount. */
export type AlertOutcome = 'order_cancelled' | 'not_pending' | 'amount_mismatch';

const whatToDo: Record<AlertOutcome, string> = {
  order_cancelled:
    'O que fazer: devolva o dinheiro ao cliente (por transferência bancária, ou por MB WAY no backoffice da ifthenpay) e depois marque o alerta como resolvido no separador Encomendas do painel.',
  not_pending:
    'O que fazer: devolva ao cliente o pagamento repetido (por transferência bancária, ou por MB WAY no backoffice da ifthenpay) e depois marque o alerta como resolvido no separador Encomendas do painel.',
  amount_mismatch:
    'O que fazer: confirme o valor no backoffice da ifthenpay. Se o cliente pagou a menos, peça-lhe a diferença ou devolva o que pagou; se pagou a mais, devolva a diferença. A encomenda não foi dada como paga: quando estiver resolvido, registe o pagamento na encomenda («Marcar como paga») e marque o alerta como resolvido no separador Encomendas.',
};

/**
 * "Pagamento a verificar", to the shop: in words, what arrived (order, method, amount in euros, the
 * gateway's date), what is wrong with it, and what to do. The gateway's values are a stranger's text in a
 * URL: only its date is quoted, cut short and defanged.
 */
export function paymentCheckMail(options: {
  to: string;
  publicUrl: string;
  outcome: AlertOutcome;
  payment: Pick<PaymentRow, 'orderId' | 'method' | 'amountCents' | 'entity' | 'reference' | 'requestId'>;
  paidCents: number;
  paidOn: string | undefined;
}) {
  const { payment, paidCents, outcome } = options;
  const order = `a encomenda n.º ${payment.orderId}`;
  const paid = `${formatCents(paidCents)} por ${paymentMethodLabel[payment.method]}`;
  const happened: Record<AlertOutcome, string> = {
    order_cancelled: `Recebemos ${paid} para ${order}, que já estava cancelada. O dinheiro entrou na conta da loja, mas a encomenda continua cancelada e não será enviada.`,
    not_pending: `Recebemos ${paid} para ${order}, que já estava paga: o cliente pagou duas vezes.`,
    amount_mismatch: `Recebemos ${paid} para ${order}, mas o valor pedido era ${formatCents(payment.amountCents)}.`,
  };
  const where = {
    multibanco: `Pagamento por Multibanco: entidade ${payment.entity ?? '—'}, referência ${payment.reference ?? '—'}.`,
    payshop: `Pagamento por Payshop: referência ${payment.reference ?? '—'}.`,
    mbway: `Pagamento por MB WAY: pedido ${payment.requestId ?? '—'}.`,
    card: `Pagamento por cartão: pedido ${payment.requestId ?? '—'}.`,
  }[payment.method];
  const when = options.paidOn ? ` Data do pagamento segundo a ifthenpay: ${customerText(options.paidOn, 32)}.` : '';
  return composeMail({
    to: options.to,
    subject: `Pagamento a verificar: encomenda n.º ${payment.orderId}`,
    greeting: 'Olá,',
    paragraphs: [happened[outcome], `${where}${when}`, whatToDo[outcome]],
    action: { label: 'Abrir a encomenda', url: `${options.publicUrl}${paths.adminEditOrder(payment.orderId)}` },
  });
}

/**
 * "Pagamento a verificar" for a callback ifthenpay confirmed (its key was right) that names no payment of
 * the shop's, or cannot be read: what it said, defanged and cut short, and what to do (issue #27).
 */
export function unknownPaymentMail(options: { to: string; publicUrl: string; params: Record<string, string> }) {
  const said = (name: string) => customerText(options.params[name] ?? '', 32) || '—';
  const cents = parseGatewayAmount(options.params.amount);
  const amount = cents === undefined ? `«${said('amount')}»` : formatCents(cents);
  const where = options.params.entity ? ` Entidade ${said('entity')}, referência ${said('reference')}.` : '';
  return composeMail({
    to: options.to,
    subject: 'Pagamento a verificar: confirmação sem pagamento correspondente',
    greeting: 'Olá,',
    paragraphs: [
      `A ifthenpay confirmou um pagamento de ${amount} que não corresponde a nenhum pagamento da loja: identificador ${said('orderId')}, pedido ${said('requestId')}.${where} Data do pagamento segundo a ifthenpay: ${said('payment_datetime')}.`,
      'O que fazer: procure este pagamento no backoffice da ifthenpay. Se pertencer a uma encomenda, registe-o nessa encomenda («Marcar como paga»); se não, devolva o dinheiro ao cliente. Depois marque o alerta como resolvido no separador Encomendas do painel.',
    ],
    action: { label: 'Abrir as encomendas', url: `${options.publicUrl}${paths.admin}` },
  });
}

/**
 * To the shop, at most once an hour: a callback came with a wrong anti-phishing key. Counted, never
 * believed; if the key was changed at ifthenpay, payments are not being confirmed (issue #27).
 */
export function forgedCallbackMail(options: { to: string; publicUrl: string; ip: string | null }) {
  return composeMail({
    to: options.to,
    subject: 'Confirmação de pagamento com chave errada',
    greeting: 'Olá,',
    paragraphs: [
      `A loja recebeu uma confirmação de pagamento com a chave anti-phishing errada (endereço ${customerText(options.ip ?? 'desconhecido', 45)}). Não foi aceite: nenhuma encomenda foi dada como paga. Outras chamadas assim nesta hora são apenas contadas.`,
      'O que fazer: se mudou a chave anti-phishing no backoffice da ifthenpay, indique a mesma em PAYMENT_CALLBACK_KEY; até lá, os pagamentos não são confirmados automaticamente. Se não mudou nada, alguém está a tentar enganar a loja e não é preciso fazer nada.',
    ],
    action: { label: 'Abrir o painel', url: `${options.publicUrl}${paths.admin}` },
  });
}

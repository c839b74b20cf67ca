import { and, count, desc, eq, gt, ne } from 'drizzle-orm';
import { toEuros } from '#shared/money.ts';
import type { MbwayStatus, OrderPaymentsAnswer, PaymentInfo } from '#shared/schemas/payments.ts';
import { MBWAY_VALID_MINUTES, MULTIBANCO_VALID_HOURS, paymentMessages } from '#shared/schemas/payments.ts';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, conflict, invalid, notFound } from '../../platform/errors.ts';
import { enqueue } from '../../platform/jobs.ts';
import { composeMail, queueMail } from '../../platform/mail.ts';
import { cancelUnpaidOrder, markOrderPaid, orderForPayment, type Viewer } from '../orders/orders.ts';
import { GatewayError, gatewayAmount, type PaymentGateway } from './gateway.ts';
import { paymentCallbacks, payments } from './tables.ts';

export type PaymentRow = typeof payments.$inferSelect;
type UnpaidEnd = 'expired' | 'rejected' | 'failed' | 'canceled';
type CallbackOutcome = (typeof paymentCallbacks.$inferInsert)['outcome'];

export type PaymentsContext = { db: Db; config: Config; gateway: PaymentGateway };

export const PAYMENT_JOBS = { expire: 'payment.expire', cancelUnpaid: 'payment.cancel-unpaid' } as const;

const MULTIBANCO_MS = MULTIBANCO_VALID_HOURS * 3600_000;
const MBWAY_MS = MBWAY_VALID_MINUTES * 60_000;
/** After an MB WAY request ends unpaid, the order waits this long for the customer to pay by Multibanco instead. */
export const MBWAY_RETRY_GRACE_MS = 15 * 60_000;
/** A callback may arrive a little after the request's end; the expiry job waits for it. */
const CALLBACK_SLACK_MS = 30_000;

const sandboxPhoneUrl = (requestId: string) => `/sandbox/mbway/${requestId}`;

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
    ...(row.gateway === 'sandbox' && row.method === 'mbway' && row.requestId ? { sandboxUrl: sandboxPhoneUrl(row.requestId) } : {}),
    ...(asAdmin ? { gatewayOrderId: row.gatewayOrderId, requestId: row.requestId } : {}),
  };
}

function gatewayFailure(err: unknown): never {
  if (err instanceof GatewayError) {
    throw err.refused
      ? new AppError(422, 'PAYMENT_REFUSED', paymentMessages.gatewayRefused)
      : // 503, not 502: the client retries a 502 on its own, and a payment request must not be sent twice.
        new AppError(503, 'PAYMENT_GATEWAY_UNAVAILABLE', paymentMessages.gatewayUnavailable);
  }
  throw err;
}

async function payableOrder(db: Db, orderId: number, viewer: Viewer) {
  const order = await orderForPayment(db, orderId, viewer);
  if (order.paidAt || order.status !== 'pending') throw conflict(paymentMessages.notPayable);
  return order;
}

async function latestPayment(tx: Tx, orderId: number, method: PaymentRow['method']) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.method, method)))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return row;
}

/** The order id the gateway sees: one per attempt ("42P1", "42P2"), so a retried payment never collides. */
async function nextGatewayOrderId(db: Db, orderId: number) {
  const [row] = await db.select({ n: count() }).from(payments).where(eq(payments.orderId, orderId));
  return `${orderId}P${(row?.n ?? 0) + 1}`;
}

const stillPending = (row: PaymentRow | undefined, now = Date.now()): row is PaymentRow =>
  Boolean(row && row.status === 'pending' && row.expiresAt.getTime() > now);

/** Stores a payment the gateway accepted, with the job that ends it if nobody pays in time. */
async function insertPayment(tx: Tx, values: typeof payments.$inferInsert & { expiresAt: Date }) {
  const [inserted] = await tx.insert(payments).values(values).returning();
  if (!inserted) throw new Error('payment not stored');
  await enqueue(tx, PAYMENT_JOBS.expire, { paymentId: inserted.id }, { runAt: new Date(values.expiresAt.getTime() + CALLBACK_SLACK_MS) });
  return inserted;
}

/** POST /payment/multibanco: a reference valid 48 hours; asking again answers the same one while it lasts. */
export async function startMultibanco({ db, gateway }: PaymentsContext, orderId: number, viewer: Viewer) {
  const order = await payableOrder(db, orderId, viewer);
  let row = await latestPayment(db, order.id, 'multibanco');
  if (!stillPending(row)) {
    const gatewayOrderId = await nextGatewayOrderId(db, order.id);
    const issued = await gateway
      .createMultibancoReference({ gatewayOrderId, amountCents: order.totalWithTaxCents, expiryDays: MULTIBANCO_VALID_HOURS / 24 })
      .catch(gatewayFailure);
    const expiresAt = new Date(Date.now() + MULTIBANCO_MS);
    row = await db.transaction((tx) =>
      insertPayment(tx, {
        orderId: order.id,
        method: 'multibanco',
        gateway: gateway.name,
        amountCents: order.totalWithTaxCents,
        gatewayOrderId,
        requestId: issued.requestId,
        entity: issued.entity,
        reference: issued.reference,
        expiresAt,
      }),
    );
  }
  return {
    order_id: order.id,
    entity: row.entity ?? '',
    reference: row.reference ?? '',
    amount: toEuros(row.amountCents),
    expiresAt: row.expiresAt.toISOString(),
    sandbox: row.gateway === 'sandbox',
  };
}

export type MbwayInput = { order_id: number; amount: number; phone_number: string; email: string };

/** POST /payment/mbway: the request reaches the customer's phone and lives 4 minutes. */
export async function startMbway({ db, gateway }: PaymentsContext, input: MbwayInput, viewer: Viewer) {
  const order = await payableOrder(db, input.order_id, viewer);
  if (Math.round(input.amount * 100) !== order.totalWithTaxCents) {
    throw invalid(paymentMessages.amountMismatch, { amount: paymentMessages.amountMismatch });
  }
  const previous = await latestPayment(db, order.id, 'mbway');
  let row: PaymentRow | undefined = stillPending(previous) && previous.phone === input.phone_number ? previous : undefined;
  if (!row) {
    const gatewayOrderId = await nextGatewayOrderId(db, order.id);
    const { requestId } = await gateway
      .startMbway({
        gatewayOrderId,
        amountCents: order.totalWithTaxCents,
        mobile: input.phone_number,
        email: input.email,
        description: `Encomenda n.º ${order.id}`,
      })
      .catch(gatewayFailure);
    const expiresAt = new Date(Date.now() + MBWAY_MS);
    row = await db.transaction(async (tx) => {
      // A request to another phone replaces the one still waiting: only the newest can be paid here.
      if (stillPending(previous)) {
        await tx.update(payments).set({ status: 'canceled', updatedAt: new Date() }).where(and(eq(payments.id, previous.id), eq(payments.status, 'pending')));
      }
      return insertPayment(tx, {
        orderId: order.id,
        method: 'mbway',
        gateway: gateway.name,
        amountCents: order.totalWithTaxCents,
        gatewayOrderId,
        requestId,
        phone: input.phone_number,
        expiresAt,
      });
    });
  }
  return {
    order_id: order.id,
    status: row.status,
    phone_number: row.phone ?? input.phone_number,
    amount: toEuros(row.amountCents),
    expiresAt: row.expiresAt.toISOString(),
    ...(row.gateway === 'sandbox' && row.requestId ? { sandboxUrl: sandboxPhoneUrl(row.requestId) } : {}),
  };
}

/**
 * Money arrived for this payment (a genuine callback, or the gateway's own status answer): the payment
 * and its order are paid. Answers what became of the order, or 'duplicate' when it was already recorded.
 */
async function confirmPayment(tx: Tx, config: Config, payment: PaymentRow) {
  const [updated] = await tx
    .update(payments)
    .set({ status: 'paid', paidAt: new Date(), updatedAt: new Date() })
    .where(and(eq(payments.id, payment.id), ne(payments.status, 'paid')))
    .returning();
  if (!updated) return 'duplicate' as const;
  return markOrderPaid(tx, config.publicUrl, payment.orderId, updated.paidAt ?? new Date());
}

/** A payment that ended unpaid; once nothing else can pay the order, it is cancelled and its stock returned. */
async function settleUnpaid(tx: Tx, payment: PaymentRow, end: UnpaidEnd) {
  const [updated] = await tx
    .update(payments)
    .set({ status: end, updatedAt: new Date() })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
    .returning();
  if (!updated) return;
  // After MB WAY the customer is offered Multibanco for the same order: give them time to take it.
  const grace = payment.method === 'mbway' ? MBWAY_RETRY_GRACE_MS : 0;
  await enqueue(tx, PAYMENT_JOBS.cancelUnpaid, { orderId: payment.orderId }, { runAt: new Date(Date.now() + grace) });
}

async function lockedPayment(tx: Tx, id: number) {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).limit(1).for('update');
  return row;
}

/**
 * What the gateway says of a pending MB WAY request, applied: paid, ended unpaid, or past its time.
 * A gateway that cannot be reached leaves the payment as it is.
 */
async function refreshMbway(ctx: PaymentsContext, payment: PaymentRow): Promise<MbwayStatus> {
  let seen: MbwayStatus = 'pending';
  if (payment.requestId) {
    try {
      seen = await ctx.gateway.mbwayStatus(payment.requestId);
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
    }
  }
  const expired = payment.expiresAt.getTime() <= Date.now();
  if (seen === 'pending' && !expired) return 'pending';
  if (seen === 'unknown_gateway_status' && !expired) return 'unknown_gateway_status';
  await ctx.db.transaction(async (tx) => {
    const row = await lockedPayment(tx, payment.id);
    if (!row || row.status !== 'pending') return;
    if (seen === 'paid') await confirmPayment(tx, ctx.config, row);
    else await settleUnpaid(tx, row, seen === 'pending' || seen === 'unknown_gateway_status' ? 'expired' : seen);
  });
  const [after] = await ctx.db.select().from(payments).where(eq(payments.id, payment.id));
  return after?.status ?? seen;
}

/** GET /payment/mbway/status/{orderId}: the newest MB WAY request of the order. */
export async function mbwayStatus(ctx: PaymentsContext, orderId: number, viewer: Viewer): Promise<MbwayStatus> {
  const order = await orderForPayment(ctx.db, orderId, viewer);
  const payment = await latestPayment(ctx.db, order.id, 'mbway');
  if (!payment) throw notFound(paymentMessages.paymentNotFound);
  if (payment.status !== 'pending') return payment.status;
  return refreshMbway(ctx, payment);
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

export async function resolveAlert(db: Db, id: number) {
  const [row] = await db
    .update(paymentCallbacks)
    .set({ needsAttention: false })
    .where(and(eq(paymentCallbacks.id, id), eq(paymentCallbacks.needsAttention, true)))
    .returning({ id: paymentCallbacks.id });
  if (!row) throw notFound(paymentMessages.alertNotFound);
}

const alertText: Partial<Record<CallbackOutcome, string>> = {
  order_cancelled: 'Foi recebido um pagamento de uma encomenda que já estava cancelada.',
  not_pending: 'Foi recebido um segundo pagamento de uma encomenda que já estava paga.',
  amount_mismatch: 'Foi recebido um pagamento com um montante diferente do da encomenda.',
};

export type CallbackAnswer = { status: 200 | 400 | 403 | 404; outcome: CallbackOutcome };

/**
 * The gateway's callback. Genuine only with the anti-phishing key; it must name one of our payments and
 * carry exactly its amount. A repeated delivery changes nothing and still answers 200. Everything is
 * recorded; money that arrived for a cancelled or already paid order, or of another amount, is flagged
 * for the admin (and mailed to the shop) instead of being lost.
 */
export async function handleCallback(ctx: PaymentsContext, params: Record<string, string>, ip: string | null): Promise<CallbackAnswer> {
  const { db, config, gateway } = ctx;
  const { key: _key, ...recorded } = params;
  const parsed = gateway.parseCallback(params);

  const record = async (tx: Tx, outcome: CallbackOutcome, paymentId: number | null, orderId?: number) => {
    const needsAttention = outcome in alertText;
    await tx.insert(paymentCallbacks).values({ paymentId, outcome, needsAttention, params: recorded, ip });
    const text = alertText[outcome];
    if (text) {
      await queueMail(
        tx,
        composeMail({
          to: config.shopEmail ?? config.shop.email,
          subject: `Pagamento a verificar${orderId ? `: encomenda n.º ${orderId}` : ''}`,
          greeting: 'Olá,',
          paragraphs: [text, `Dados recebidos: ${JSON.stringify(recorded)}`, 'Veja a encomenda no painel de administração e decida se deve reembolsar.'],
          ...(orderId ? { action: { label: 'Abrir a encomenda', url: `${config.publicUrl}/admin-dashboard/edit-order/${orderId}` } } : {}),
        }),
      );
    }
  };

  if (parsed === null || parsed === 'malformed') {
    const outcome = parsed === null ? 'bad_key' : 'unknown_payment';
    await db.transaction((tx) => record(tx, outcome, null));
    return { status: parsed === null ? 403 : 400, outcome };
  }

  return db.transaction(async (tx): Promise<CallbackAnswer> => {
    const [found] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.gateway, gateway.name), eq(payments.gatewayOrderId, parsed.gatewayOrderId)))
      .limit(1)
      .for('update');
    const differs = (ours: string | null, theirs: string | null) => Boolean(ours && theirs && ours !== theirs);
    if (
      !found ||
      differs(found.requestId, parsed.requestId) ||
      (found.method === 'multibanco' && (differs(found.entity, parsed.entity) || differs(found.reference, parsed.reference)))
    ) {
      await record(tx, 'unknown_payment', null);
      return { status: 404, outcome: 'unknown_payment' };
    }
    if (parsed.amountCents !== found.amountCents) {
      await record(tx, 'amount_mismatch', found.id, found.orderId);
      return { status: 400, outcome: 'amount_mismatch' };
    }
    const result = await confirmPayment(tx, config, found);
    const outcome: CallbackOutcome =
      result === 'duplicate' ? 'duplicate' : result === 'cancelled' ? 'order_cancelled' : result === 'already_paid' ? 'not_pending' : 'paid';
    await record(tx, outcome, found.id, found.orderId);
    return { status: 200, outcome };
  });
}

/** Job: a payment's time is up. A late MB WAY answer is asked for first; then it ends unpaid. */
export async function expirePayment(ctx: PaymentsContext, paymentId: number) {
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment || payment.status !== 'pending') return;
  if (payment.method === 'mbway') {
    await refreshMbway(ctx, { ...payment, expiresAt: new Date(Math.min(payment.expiresAt.getTime(), Date.now())) });
    return;
  }
  await ctx.db.transaction(async (tx) => {
    const row = await lockedPayment(tx, paymentId);
    if (row?.status === 'pending') await settleUnpaid(tx, row, 'expired');
  });
}

/**
 * Job: cancel an order nobody paid, once no payment of it can still be paid (an order whose payment
 * never started is cancelled 48 hours after it was placed).
 */
export async function cancelIfUnpaid({ db, config }: PaymentsContext, orderId: number) {
  await db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending'), gt(payments.expiresAt, new Date())))
      .limit(1);
    if (open) return;
    await cancelUnpaidOrder(tx, config.publicUrl, orderId);
  });
}

/** Sandbox: the test phone's view of an MB WAY request. */
export async function sandboxMbwayRequest(ctx: PaymentsContext, requestId: string) {
  const [row] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.gateway, 'sandbox'), eq(payments.method, 'mbway'), eq(payments.requestId, requestId)))
    .limit(1);
  if (!row) throw notFound(paymentMessages.sandboxRequestNotFound);
  const status = row.status === 'pending' && row.expiresAt.getTime() <= Date.now() ? await refreshMbway(ctx, row) : row.status;
  return {
    row,
    view: {
      requestId,
      order_id: row.orderId,
      amount: toEuros(row.amountCents),
      phone_number: row.phone ?? '',
      status,
      expiresAt: row.expiresAt.toISOString(),
    },
  };
}

const callbackParams = (config: Config, row: PaymentRow): Record<string, string> => ({
  key: config.payments.callbackKey,
  orderId: row.gatewayOrderId,
  amount: gatewayAmount(row.amountCents),
  requestId: row.requestId ?? '',
  ...(row.entity ? { entity: row.entity } : {}),
  ...(row.reference ? { reference: row.reference } : {}),
  payment_datetime: new Date().toISOString(),
});

/** Sandbox: the customer accepts (the gateway calls back, as ifthenpay would) or refuses on the test phone. */
export async function sandboxDecide(ctx: PaymentsContext, requestId: string, accept: boolean) {
  const { row, view } = await sandboxMbwayRequest(ctx, requestId);
  if (view.status !== 'pending') throw conflict(paymentMessages.notPayable);
  if (accept) {
    await handleCallback(ctx, callbackParams(ctx.config, row), '127.0.0.1');
  } else {
    await ctx.db.transaction(async (tx) => {
      const locked = await lockedPayment(tx, row.id);
      if (locked?.status === 'pending') await settleUnpaid(tx, locked, 'rejected');
    });
  }
  return (await sandboxMbwayRequest(ctx, requestId)).view;
}

/** Sandbox: pays a Multibanco reference as an ATM would, through the same callback as the real gateway. */
export async function sandboxPayReference(ctx: PaymentsContext, entity: string, reference: string, amountCents: number) {
  const [row] = await ctx.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.gateway, 'sandbox'),
        eq(payments.method, 'multibanco'),
        eq(payments.entity, entity),
        eq(payments.reference, reference),
        eq(payments.status, 'pending'),
        gt(payments.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!row) throw notFound(paymentMessages.sandboxReferenceNotFound);
  if (row.amountCents !== amountCents) throw invalid(paymentMessages.sandboxAmountMismatch, { amount: paymentMessages.sandboxAmountMismatch });
  const answer = await handleCallback(ctx, callbackParams(ctx.config, row), '127.0.0.1');
  if (answer.outcome !== 'paid') throw conflict(paymentMessages.notPayable);
  return { message: paymentMessages.sandboxPaid };
}

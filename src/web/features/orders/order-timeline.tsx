import { formatLongDate, formatLongDateTime } from '#shared/dates.ts';
import { formatCents, formatEuros, toCents } from '#shared/money.ts';
import type { Order } from '#shared/schemas/orders.ts';
import BiCheckCircleFillIcon from '~icons/bi/check-circle-fill';
import BiCircleIcon from '~icons/bi/circle';
import BiXCircleFillIcon from '~icons/bi/x-circle-fill';

type Step = { key: string; label: string; at: string | null | undefined; done: boolean; tone?: 'danger' };

const ORDER_ADVANCE = ['pending', 'processing', 'shipped', 'delivered'] as const;
const reached = (order: Order, status: (typeof ORDER_ADVANCE)[number]) =>
  order.status !== 'cancelled' && ORDER_ADVANCE.indexOf(order.status) >= ORDER_ADVANCE.indexOf(status);

/** What went back of an order: the settled refunds, and when the last of them was made. */
export function refundsGiven(order: Order) {
  const settled = (order.refunds ?? []).filter((r) => r.status === 'settled');
  return { cents: settled.reduce((sum, r) => sum + toCents(r.amount), 0), lastAt: settled.at(-1)?.created_at ?? null };
}

/**
 * The order's steps (issue #25): recebida → paga → enviada → entregue, or, once cancelled, recebida (→ paga) →
 * cancelada (→ reembolsada when money is owed back). Each step done shows the date the shop recorded.
 */
export function orderSteps(order: Order): Step[] {
  const dates = order.status_dates;
  const received: Step = { key: 'received', label: 'Encomenda recebida', at: order.order_date, done: true };
  const paid: Step = { key: 'paid', label: 'Pagamento recebido', at: order.paid_at, done: Boolean(order.paid_at) };
  if (order.status === 'cancelled') {
    const steps: Step[] = [received];
    if (order.paid_at) steps.push(paid);
    steps.push({ key: 'cancelled', label: 'Encomenda cancelada', at: dates?.cancelled, done: true, tone: 'danger' });
    if (order.refund_due != null) {
      const given = refundsGiven(order);
      const done = Boolean(order.refunded_at);
      steps.push({ key: 'refunded', label: done ? 'Reembolso feito' : 'Reembolso por fazer', at: order.refunded_at ?? (done ? given.lastAt : null), done });
    }
    return steps;
  }
  return [
    received,
    paid,
    { key: 'shipped', label: 'Encomenda enviada', at: dates?.shipped, done: reached(order, 'shipped') },
    { key: 'delivered', label: 'Encomenda entregue', at: dates?.delivered, done: reached(order, 'delivered') },
  ];
}

/** The steps as an ordered list: a tick and the date for each step done, an empty circle for the ones to come. */
export function OrderTimeline({ order }: { order: Order }) {
  const steps = orderSteps(order);
  const current = steps.filter((s) => s.done).at(-1)?.key;
  return (
    <ol className="order-timeline list-unstyled mb-0" aria-label="Estado da encomenda">
      {steps.map((step) => {
        const Icon = !step.done ? BiCircleIcon : step.tone === 'danger' ? BiXCircleFillIcon : BiCheckCircleFillIcon;
        return (
          <li key={step.key} className={`order-timeline-step${step.done ? ' is-done' : ''}`} aria-current={step.key === current ? 'step' : undefined}>
            <Icon className={`bi order-timeline-icon ${!step.done ? 'text-secondary' : step.tone === 'danger' ? 'text-danger' : 'text-success'}`} aria-hidden="true" />
            <span className={step.done ? 'fw-semibold' : 'text-secondary'}>{step.label}</span>
            {step.done && step.at ?
              <time dateTime={step.at} className="d-block small text-secondary">
                {formatLongDateTime(step.at)}
              </time>
            : <span className="visually-hidden">{step.done ? ' (feito)' : ' (por fazer)'}</span>}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * What an order owed back stands at, in one wording with the documents list ("Reembolso de X (…) em …"): all of it
 * given, part of it given (what went back and what is still owed), or none of it yet.
 */
export function refundSentence(order: Order): string | null {
  if (order.refund_due == null) return null;
  const dueCents = toCents(order.refund_due);
  const given = refundsGiven(order);
  if (order.refunded_at || given.cents >= dueCents) {
    const at = order.refunded_at ?? given.lastAt;
    const amount = given.cents > 0 ? formatCents(given.cents) : formatEuros(order.refund_due);
    return at ? `Reembolso de ${amount} feito em ${formatLongDate(at)}.` : `Reembolso de ${amount} feito.`;
  }
  if (given.cents > 0) {
    return `Reembolso de ${formatCents(given.cents)} feito. Vamos devolver-lhe os restantes ${formatCents(dueCents - given.cents)} (de ${formatEuros(order.refund_due)}) pelo mesmo meio de pagamento e avisamos quando o reembolso estiver feito.`;
  }
  return `Vamos devolver-lhe ${formatEuros(order.refund_due)} pelo mesmo meio de pagamento e avisamos quando o reembolso estiver feito.`;
}

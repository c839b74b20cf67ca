import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { messages } from '#shared/messages.ts';

/**
 * The process's own figures (issue #31): counted where they happen, by the small functions below, and kept
 * for the life of the process as Prometheus counters are. One registry per process, made once: several apps
 * built in one process (the tests) count into the same counters.
 */
const processRegistry = new Registry();
// Process memory (RSS, heap), event-loop delay (percentiles from monitorEventLoopDelay), CPU, handles.
collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
// process_start_time_seconds is rounded to the second; an upgrade tells the new process from the one beside it
// on the same socket by this one (platform/hand-over.ts).
new Gauge({
  name: 'loja_process_start_time_seconds',
  help: 'When this process started (Unix seconds, to the millisecond).',
  registers: [processRegistry],
}).set(performance.timeOrigin / 1000);

const requestDuration = new Histogram({
  name: 'loja_http_request_duration_seconds',
  help: 'Requests answered, by method, route (its pattern, not the URL) and status, with their latency.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2, 5],
  registers: [processRegistry],
});
const mails = new Counter({
  name: 'loja_mails_total',
  help: 'E-mails handed to the transport: sent, or failed (each failed attempt; the job retries).',
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
});
const paymentsStarted = new Counter({
  name: 'loja_payments_started_total',
  help: 'Payments started (a Multibanco reference issued, an MB WAY request sent), by method.',
  labelNames: ['method'] as const,
  registers: [processRegistry],
});
const paymentsConfirmed = new Counter({
  name: 'loja_payments_confirmed_total',
  help: 'Payments confirmed paid (callback or status answer), by method.',
  labelNames: ['method'] as const,
  registers: [processRegistry],
});
const callbacksRefused = new Counter({
  name: 'loja_payment_callbacks_refused_total',
  help: 'Payment callbacks refused, by what was wrong (bad_key, unknown_payment, amount_mismatch).',
  labelNames: ['reason'] as const,
  registers: [processRegistry],
});
const backups = new Counter({
  name: 'loja_backups_total',
  help: 'Scheduled backups run by this process, by outcome.',
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
});
const lastBackup = new Gauge({
  name: 'loja_backup_last_success_timestamp_seconds',
  help: 'When this process last wrote a backup successfully (Unix time).',
  registers: [processRegistry],
});

export const countMail = (outcome: 'sent' | 'failed') => mails.inc({ outcome });
export const countPaymentStarted = (method: string) => paymentsStarted.inc({ method });
export const countPaymentConfirmed = (method: string) => paymentsConfirmed.inc({ method });
export const countCallbackRefused = (reason: string) => callbacksRefused.inc({ reason });
export function countBackup(outcome: 'ok' | 'failed') {
  backups.inc({ outcome });
  if (outcome === 'ok') lastBackup.set(Date.now() / 1000);
}

/** Figures read from the shared database at each scrape (queue, invoices, pool): the same in every process. */
export type SharedFigures = {
  jobs(): Promise<{ kind: string; queued: number; oldestAgeSeconds: number }[]>;
  invoicesWaiting(): Promise<number>;
  poolInUse(): number;
};

function sharedRegistry(figures: SharedFigures) {
  const registry = new Registry();
  const queued = new Gauge({ name: 'loja_jobs_queued', help: 'Jobs due or waiting to run, by kind.', labelNames: ['kind'] as const, registers: [registry] });
  const oldest = new Gauge({
    name: 'loja_jobs_oldest_age_seconds',
    help: 'How long the oldest job due has waited to run, by kind.',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'loja_invoices_waiting',
    help: 'Paid orders (and refunds) whose fiscal document is not issued yet.',
    registers: [registry],
    async collect() {
      this.set(await figures.invoicesWaiting());
    },
  });
  new Gauge({
    name: 'loja_db_pool_in_use',
    help: 'Database connections of this process in use.',
    registers: [registry],
    collect() {
      this.set(figures.poolInUse());
    },
  });
  return {
    registry,
    async refresh() {
      queued.reset();
      oldest.reset();
      for (const row of await figures.jobs()) {
        queued.set({ kind: row.kind }, row.queued);
        oldest.set({ kind: row.kind }, row.oldestAgeSeconds);
      }
    },
  };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Who may read the figures: a request from this machine that no proxy forwarded (a proxy on loopback adds
 * X-Forwarded-For to every outside request), or anyone with the METRICS_TOKEN as a bearer token.
 */
function mayRead(request: FastifyRequest, token: string | undefined) {
  const direct = LOOPBACK.has(request.socket.remoteAddress ?? '') && !request.headers['x-forwarded-for'] && !request.headers.forwarded;
  if (direct) return true;
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (!token || !given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** One request answered: its method, its route's pattern, its status and how long it took. */
export function requestAnswered(method: string, route: string, status: number, seconds: number) {
  requestDuration.observe({ method, route, status: String(status) }, seconds);
}

/** Times every request by its route, and answers GET /metrics in Prometheus's text format. */
export function registerMetrics(app: FastifyInstance, options: { token: string | undefined; figures: SharedFigures }) {
  const shared = sharedRegistry(options.figures);
  app.addHook('onResponse', async (request, reply) => {
    // A request no route matched is counted under one name, so random URLs cannot grow the label set.
    requestAnswered(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayRead(request, options.token)) {
      return reply.status(403).send({ message: messages.forbidden, error: messages.forbidden });
    }
    await shared.refresh();
    const text = (await processRegistry.metrics()) + (await shared.registry.metrics());
    reply.header('cache-control', 'no-store');
    return reply.type(processRegistry.contentType).send(text);
  });
}

// The soak's figures, as pure functions: percentiles, requests grouped by time window and kind, and how a
// failed request is classed (a limit's 429, a request the proxy could have retried, one it could not).

/** One request as the traffic script saw it; `at` and `ms` in milliseconds from the run's start. */
export type Sample = {
  at: number;
  ms: number;
  /** What the request was for: 'page' (a storefront page rendered on the server), 'catalogue', 'cart'... */
  kind: string;
  method: string;
  /** The HTTP status, or 0 when no answer came (connection reset, time-out). */
  status: number;
  /** Whether the proxy may send it again after it reached a process (reads: the Caddyfile's lb_retry_match). */
  retryable: boolean;
  /** For a 4xx or 5xx from the shop: the error's `code` (e.g. TOTALS_CHANGED), else its message, cut. */
  why?: string;
};

/** The p-th percentile (0-100) by nearest rank; undefined for no values. */
export function percentile(values: readonly number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export type Outcome = 'ok' | 'limited' | 'error';

/** A 429 is a limit doing its work; any other 4xx, a 5xx or no answer is an error. */
export function outcomeOf(status: number): Outcome {
  if (status === 429) return 'limited';
  if (status >= 200 && status < 400) return 'ok';
  return 'error';
}

export type Window = {
  /** Seconds from the start of the run to the window's start. */
  from: number;
  requests: number;
  perSecond: number;
  errors: number;
  limited: number;
  kinds: Record<string, { count: number; p50: number; p95: number; p99: number }>;
};

/** Requests per window of `seconds`, with p50/p95/p99 per kind (answered requests only). */
export function windows(samples: readonly Sample[], seconds: number, durationSeconds: number): Window[] {
  const count = Math.max(1, Math.ceil(durationSeconds / seconds));
  const buckets = Array.from({ length: count }, () => [] as Sample[]);
  for (const s of samples) buckets[Math.min(count - 1, Math.floor(s.at / 1000 / seconds))]?.push(s);
  return buckets.map((bucket, i) => {
    const kinds = latencyByKind(bucket);
    return {
      from: i * seconds,
      requests: bucket.length,
      perSecond: bucket.length / seconds,
      errors: bucket.filter((s) => outcomeOf(s.status) === 'error').length,
      limited: bucket.filter((s) => outcomeOf(s.status) === 'limited').length,
      kinds,
    };
  });
}

/** p50/p95/p99 per kind over a whole span (e.g. the part of the run at the held rate). */
export function latencyByKind(samples: readonly Sample[]): Record<string, { count: number; p50: number; p95: number; p99: number }> {
  const byKind = new Map<string, number[]>();
  for (const s of samples) {
    if (!s.status) continue;
    const list = byKind.get(s.kind);
    if (list) list.push(s.ms);
    else byKind.set(s.kind, [s.ms]);
  }
  return Object.fromEntries(
    [...byKind].map(([kind, ms]) => [kind, { count: ms.length, p50: percentile(ms, 50) ?? 0, p95: percentile(ms, 95) ?? 0, p99: percentile(ms, 99) ?? 0 }]),
  );
}

/** Whether a request's time in flight [at, at + ms] touches the span [from, to] (milliseconds). */
export const overlaps = (s: Sample, from: number, to: number) => s.at <= to && s.at + s.ms >= from;

/**
 * How long after a SIGKILL its sockets are surely gone: the kernel has closed them and the proxy has dropped
 * its idle connections to the process, so a request sent later is refused at the dial (and retried). One sent
 * in the instant before may go out on a pooled connection that is being reset, as a write in flight would.
 */
export const KILL_SETTLES_MS = 100;

/**
 * The errors around a process killed at `killedAt` (ms): those the proxy could have retried (sent once the
 * killed process's sockets were gone, so refused at the dial, or reads, which the Caddyfile lets it resend)
 * and those it could not (a write in flight on the killed process when it died: the client never learns
 * whether it happened, and Caddy 2.6 cannot send a body twice).
 */
export function killLosses(samples: readonly Sample[], killedAt: number, settleMs: number) {
  const failed = samples.filter((s) => outcomeOf(s.status) === 'error' && overlaps(s, killedAt, killedAt + settleMs));
  const retryable = failed.filter((s) => s.retryable || s.at > killedAt + KILL_SETTLES_MS);
  const inFlight = samples.filter((s) => s.at <= killedAt && s.at + s.ms >= killedAt).length;
  return { retryable: retryable.length, notRetryable: failed.length - retryable.length, failed: failed.length, inFlight };
}

export type MetricSample = { labels: Record<string, string>; value: number };

/** Prometheus's text format read into samples by metric name (comments and blank lines skipped). */
export function parseMetrics(text: string): Map<string, MetricSample[]> {
  const metrics = new Map<string, MetricSample[]>();
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{([^}]*)\})?\s+(\S+)/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const pair of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1] as string] = pair[2] as string;
    const name = m[1] as string;
    const list = metrics.get(name) ?? [];
    list.push({ labels, value: Number(m[3]) });
    metrics.set(name, list);
  }
  return metrics;
}

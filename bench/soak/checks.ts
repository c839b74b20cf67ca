// The soak's verdicts (issue #31), as pure functions of what was measured: each check says its figure and
// whether it holds, and the run prints them as pass/fail at the end.

export type Check = { name: string; figure: string; pass: boolean };

/** A process's resident memory over its life (one life per start: a killed or upgraded process starts anew). */
export type RssSeries = { process: string; life: number; points: { at: number; rss: number }[] };

/**
 * RSS growth from start to end of each life, after `warmupSeconds` (a fresh process fills its caches and
 * compiles its hot code first: that is not a leak) and from `steadyFromSecond`, the second the traffic reached
 * the rate it then held: while the rate is stepped up, a process's heap grows with the work it is given (about
 * twice from 4 to 46 flows a second), which says nothing of a leak. A life too short to have two points after
 * both is skipped.
 */
export function rssGrowth(series: readonly RssSeries[], warmupSeconds: number, steadyFromSecond = 0, limit = 0.1): Check {
  const growths: string[] = [];
  let pass = true;
  let judged = 0;
  for (const s of series) {
    const first = s.points[0];
    if (!first) continue;
    const settled = s.points.filter((p) => p.at >= Math.max(first.at + warmupSeconds, steadyFromSecond));
    if (settled.length < 2) continue;
    // The median of the first (last) three points: one garbage collection more or less is not a trend.
    const edge = Math.min(3, Math.floor(settled.length / 2));
    const start = median(settled.slice(0, edge).map((p) => p.rss));
    const end = median(settled.slice(-edge).map((p) => p.rss));
    judged += 1;
    const growth = end / start - 1;
    if (growth >= limit) pass = false;
    growths.push(`${s.process}#${s.life} ${mb(start)} → ${mb(end)} MB (${signed(growth * 100)} %)`);
  }
  const steady = steadyFromSecond > 0 ? ` and from ${Math.round(steadyFromSecond)} s, the held rate` : '';
  return {
    name: `RSS growth < ${limit * 100} % start → end (after ${warmupSeconds} s of warm-up${steady})`,
    figure: judged ? growths.join('; ') : 'no process lived long enough to judge',
    pass: pass && judged > 0,
  };
}

export function oldestJob(maxAgeSeconds: number, limitSeconds = 30): Check {
  return { name: `oldest job never older than ${limitSeconds} s`, figure: `at most ${maxAgeSeconds.toFixed(1)} s`, pass: maxAgeSeconds <= limitSeconds };
}

export function stockBalance(figures: { start: number; end: number; sold: number }): Check {
  const { start, end, sold } = figures;
  return { name: 'stock + units sold = starting stock', figure: `${end} + ${sold} = ${end + sold} vs ${start}`, pass: end + sold === start };
}

/** Every paid order got exactly one "Pagamento recebido" mail: none missing, none twice. */
export function paymentMails(paidOrders: readonly number[], mailsPerOrder: ReadonlyMap<number, number>): Check {
  const missing = paidOrders.filter((id) => !mailsPerOrder.get(id));
  const doubled = paidOrders.filter((id) => (mailsPerOrder.get(id) ?? 0) > 1);
  const paid = new Set(paidOrders);
  const strays = [...mailsPerOrder.keys()].filter((id) => !paid.has(id));
  const list = (ids: number[]) => (ids.length ? ` (${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', …' : ''})` : '');
  return {
    name: 'every paid order has exactly one payment mail',
    figure: `${paidOrders.length} paid; missing ${missing.length}${list(missing)}, twice or more ${doubled.length}${list(doubled)}, for unpaid orders ${strays.length}${list(strays)}`,
    pass: paidOrders.length > 0 && missing.length === 0 && doubled.length === 0 && strays.length === 0,
  };
}

export function errorsBesideLimits(errors: number, limited: number, requests: number): Check {
  return { name: 'errors other than the limits\' 429s = 0', figure: `${errors} errors, ${limited} × 429, of ${requests} requests`, pass: errors === 0 };
}

export function killedProcess(losses: { retryable: number; notRetryable: number; failed: number; inFlight: number } | undefined, minute: number | undefined): Check {
  const name = `process killed at minute ${minute ?? '-'}: no request the proxy could retry is lost`;
  if (!losses) return { name, figure: 'not run', pass: false };
  return {
    name,
    figure: `${losses.retryable} retryable lost; ${losses.notRetryable} writes in flight on the killed process (not retryable); ${losses.inFlight} requests in flight (on either process) at the kill`,
    pass: losses.retryable === 0,
  };
}

export function upgrade(figures: { failed: number; requests: number; seconds: number; steps: string[] } | undefined, minute: number | undefined): Check {
  const name = `upgrade at minute ${minute ?? '-'} (backup, migrate, restart one process, then the other): 0 failed requests`;
  if (!figures) return { name, figure: 'not run', pass: false };
  return {
    name,
    figure: `${figures.failed} failed of ${figures.requests} in ${figures.seconds.toFixed(0)} s (${figures.steps.join(', ')})`,
    pass: figures.failed === 0 && figures.steps.length === 4,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const mb = (bytes: number) => (bytes / 1_048_576).toFixed(0);
const signed = (n: number) => `${n >= 0 ? '+' : ''}${n.toFixed(1)}`;

// Drives the traffic: flows started at the current rate (an open schedule, bounded by the flows in flight),
// the rate stepped by `nextRate` at the end of each step; and the samplers that read every process's
// /metrics, PostgreSQL's connections and the mails, every few seconds.
import { initialRate, nextRate, pickFlow, type Random, type RatePlan, type RateState } from './mix.ts';
import { parseMetrics, percentile, type Sample } from './stats.ts';
import type { Visitors } from './traffic.ts';
import { START_METRIC } from '../../src/server/platform/hand-over.ts';
import { sleep, type AppProcess, type ShopDatabase } from './layout.ts';

export type TrafficPlan = RatePlan & { durationMs: number; stepMs: number; maxInFlight: number };

export type TrafficResult = { rate: RateState; rateOverTime: { at: number; rate: number }[]; flows: Record<string, number>; shed: number };

/**
 * Runs flows for `durationMs`, and on while `busy()` (an upgrade still under way: it is judged under traffic to
 * its end); `disturbed(from, to)` says whether a step overlapped a kill or an upgrade (such a step does not
 * decide the rate), `ahead(from, to)` whether one is planned within a step (the rate does not step up into it).
 * Waits for the flows in flight at the end.
 */
export async function drive(
  visitors: Visitors,
  random: Random,
  plan: TrafficPlan,
  t0: number,
  disturbance: { disturbed: (from: number, to: number) => boolean; ahead: (from: number, to: number) => boolean; busy: () => boolean },
): Promise<TrafficResult> {
  const { disturbed, ahead, busy } = disturbance;
  let state = initialRate(plan);
  const rateOverTime = [{ at: 0, rate: state.rate }];
  const flows: Record<string, number> = {};
  const inFlight = new Set<Promise<void>>();
  let shed = 0;
  let carry = 0;
  let last = performance.now();
  let stepStart = 0;
  let scanned = 0;
  const pages: number[] = [];
  while (performance.now() - t0 < plan.durationMs || busy()) {
    await sleep(20);
    const now = performance.now();
    carry += (state.rate * (now - last)) / 1000;
    last = now;
    for (; carry >= 1; carry -= 1) {
      if (inFlight.size >= plan.maxInFlight) {
        shed += 1;
        continue;
      }
      const kind = pickFlow(random);
      flows[kind] = (flows[kind] ?? 0) + 1;
      const flow = visitors.run(kind, random).catch((err: unknown) => console.error(`  a ${kind} flow failed:`, err));
      inFlight.add(flow);
      void flow.finally(() => inFlight.delete(flow));
    }
    // Pages answered in this step (the samples are appended in time order of their end, read once).
    for (; scanned < visitors.samples.length; scanned++) {
      const s = visitors.samples[scanned] as Sample;
      if (s.kind === 'page' && s.status) pages.push(s.ms);
    }
    const elapsed = now - t0;
    if (elapsed - stepStart >= plan.stepMs) {
      const skip = stepStart === 0 ? 'warm-up' : disturbed(stepStart, elapsed) ? 'disturbed' : undefined;
      state = nextRate(plan, state, percentile(pages, 99), skip, ahead(elapsed, elapsed + plan.stepMs) ? 'disturbance ahead' : undefined);
      const step = state.steps.at(-1);
      console.log(`  ${(elapsed / 1000).toFixed(0).padStart(5)} s  ${step?.rate.toFixed(1)} flows/s, pages p99 ${step?.p99?.toFixed(0) ?? '-'} ms: ${step?.verdict}`);
      rateOverTime.push({ at: elapsed, rate: state.rate });
      stepStart = elapsed;
      pages.length = 0;
    }
  }
  await Promise.race([Promise.all(inFlight), sleep(20_000)]);
  return { rate: state, rateOverTime, flows, shed };
}

export type ProcessPoint = { at: number; process: string; life: number; rss: number; loopP99Ms: number; poolInUse: number };
export type ShopPoint = { at: number; pgConnections: number; jobsQueued: number; oldestJobSeconds: number; mailsQueued: number; mailsSent: number };

/** Every `everyMs`: each process's RSS, event-loop delay and pool from its /metrics; the queue, PostgreSQL and the mails. */
export function sample(apps: AppProcess[], database: ShopDatabase, mailsSent: () => number, t0: number, everyMs: number) {
  const processes: ProcessPoint[] = [];
  const shop: ShopPoint[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const at = (performance.now() - t0) / 1000;
      let jobsQueued = 0;
      let oldest = 0;
      for (const app of apps) {
        const text = await fetch(`${app.url}/metrics`, { signal: AbortSignal.timeout(3000) }).then((r) => (r.ok ? r.text() : undefined), () => undefined);
        if (!text) continue;
        const m = parseMetrics(text);
        const rss = m.get('process_resident_memory_bytes')?.[0]?.value ?? 0;
        processes.push({
          at,
          process: app.name,
          // Two lives share the port during an upgrade: the start time in the answer says whose it is.
          life: app.lifeStartedAt(m.get(START_METRIC)?.[0]?.value),
          rss,
          loopP99Ms: (m.get('nodejs_eventloop_lag_p99_seconds')?.[0]?.value ?? 0) * 1000,
          poolInUse: m.get('loja_db_pool_in_use')?.[0]?.value ?? 0,
        });
        // Shared gauges (read from the database by each process): the same everywhere, the largest kept.
        jobsQueued = Math.max(jobsQueued, (m.get('loja_jobs_queued') ?? []).reduce((sum, s) => sum + s.value, 0));
        oldest = Math.max(oldest, ...(m.get('loja_jobs_oldest_age_seconds') ?? []).map((s) => s.value));
      }
      const [row] = await database
        .query<{ connections: string; mails: string }>(
          `SELECT (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()) AS connections,
                  (SELECT count(*) FROM jobs WHERE type = 'mail.send') AS mails`,
        )
        .catch(() => [undefined]);
      shop.push({ at, pgConnections: Number(row?.connections ?? 0), jobsQueued, oldestJobSeconds: oldest, mailsQueued: Number(row?.mails ?? 0), mailsSent: mailsSent() });
      await sleep(everyMs);
    }
  })();
  return {
    processes,
    shop,
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

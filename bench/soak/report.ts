// What the run says: the figures (printed, and saved as bench/results/soak-<date>.json) and the charts
// (bench/results/soak-<date>-<chart>.png).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Check } from './checks.ts';
import { lineChart, renderPng } from './charts.ts';
import type { ProcessPoint, ShopPoint, TrafficResult } from './engine.ts';
import type { Span } from './ops.ts';
import { latencyByKind, outcomeOf, type Sample, windows } from './stats.ts';

export type RunRecord = {
  options: Record<string, unknown>;
  proxyLog: { second: number; msg: string; request: string }[];
  samples: Sample[];
  traffic: TrafficResult;
  processes: ProcessPoint[];
  shop: ShopPoint[];
  spans: Span[];
  checks: Check[];
  durationSeconds: number;
};

/** The part of the run at the held rate: from the step that settled it to the end. */
export function heldFrom(traffic: TrafficResult): number {
  const steps = traffic.rate.steps;
  const settled = steps.findIndex((s) => s.verdict.startsWith('over budget') || s.verdict.startsWith('at the ceiling'));
  if (settled < 0) return Number.POSITIVE_INFINITY;
  return (traffic.rateOverTime[settled + 1]?.at ?? 0) / 1000;
}

export function summarise(run: RunRecord) {
  const from = heldFrom(run.traffic);
  const held = run.samples.filter((s) => s.at / 1000 >= from);
  const heldSeconds = Math.max(1, run.durationSeconds - from);
  const errors = run.samples.filter((s) => outcomeOf(s.status) === 'error');
  const errorKinds: Record<string, number> = {};
  for (const e of errors) errorKinds[`${e.kind} ${e.method} ${e.status}`] = (errorKinds[`${e.kind} ${e.method} ${e.status}`] ?? 0) + 1;
  return {
    rate: {
      steps: run.traffic.rate.steps,
      heldFlowsPerSecond: run.traffic.rate.holding ? run.traffic.rate.rate : undefined,
      heldFromSecond: Number.isFinite(from) ? from : undefined,
    },
    throughput: {
      requests: run.samples.length,
      heldRequestsPerSecond: held.length ? held.length / heldSeconds : undefined,
      flows: run.traffic.flows,
      shedAtTheInFlightBound: run.traffic.shed,
    },
    latencyAtTheHeldRate: latencyByKind(held),
    latencyWholeRun: latencyByKind(run.samples),
    errors: {
      total: errors.length,
      limited: run.samples.filter((s) => s.status === 429).length,
      byKindMethodStatus: errorKinds,
      // Each failed request (the first 200): when it was sent, how long it took, what it was.
      failed: errors.slice(0, 200).map((e) => ({ second: Math.round(e.at) / 1000, ms: Math.round(e.ms), kind: e.kind, method: e.method, status: e.status, why: e.why })),
    },
  };
}

/** Prints the summary and the checks, saves the JSON and draws the charts; answers the files written. */
export async function save(run: RunRecord, stamp: string, dir = 'bench/results'): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const summary = summarise(run);
  const windowSeconds = Math.max(10, Math.round(run.durationSeconds / 60));
  const overTime = windows(run.samples, windowSeconds, run.durationSeconds);
  const file = join(dir, `soak-${stamp}.json`);
  const record = { ...summary, options: run.options, spans: run.spans, checks: run.checks, proxyLog: run.proxyLog, windowSeconds, overTime, processes: run.processes, shop: run.shop };
  writeFileSync(file, `${JSON.stringify(record, null, 1)}\n`);

  const minute = (seconds: number) => Math.round((seconds / 60) * 100) / 100;
  const charts: [string, Parameters<typeof lineChart>][] = [
    [
      'throughput',
      [
        'Throughput: requests answered a second, and the rate of flows started',
        [
          ...overTime.map((w) => ({ minute: minute(w.from), value: w.perSecond, series: 'requests/s' })),
          ...run.traffic.rateOverTime.map((r) => ({ minute: minute(r.at / 1000), value: r.rate, series: 'flows/s (rate)' })),
          ...overTime.map((w) => ({ minute: minute(w.from), value: w.errors / windowSeconds, series: 'errors/s (not 429)' })),
        ],
        { field: 'value', title: 'per second' },
        'series',
      ],
    ],
    [
      'latency',
      [
        `Latency per kind over time (windows of ${windowSeconds} s)`,
        overTime.flatMap((w) =>
          Object.entries(w.kinds).flatMap(([kind, k]) =>
            (['p50', 'p95', 'p99'] as const).map((p) => ({ minute: minute(w.from), ms: Math.round(k[p]), kind, percentile: p })),
          ),
        ),
        { field: 'ms', title: 'ms' },
        'kind',
        'percentile',
      ],
    ],
    ['rss', ['Resident memory (RSS) of each process, per life', run.processes.map((p) => ({ minute: minute(p.at), MB: Math.round(p.rss / 1_048_576), process: `${p.process} #${p.life}` })), { field: 'MB', title: 'MB' }, 'process']],
    ['event-loop', ['Event-loop delay p99 of each process', run.processes.map((p) => ({ minute: minute(p.at), ms: p.loopP99Ms, process: `${p.process} #${p.life}` })), { field: 'ms', title: 'ms' }, 'process']],
    [
      'connections',
      [
        'PostgreSQL connections to the shop\'s database, and each process\'s pool in use',
        [
          ...run.shop.map((s) => ({ minute: minute(s.at), n: s.pgConnections, series: 'PostgreSQL connections' })),
          ...run.processes.map((p) => ({ minute: minute(p.at), n: p.poolInUse, series: `pool in use, ${p.process}` })),
        ],
        { field: 'n', title: 'connections' },
        'series',
      ],
    ],
    [
      'jobs',
      [
        'Job queue: jobs due, and the oldest one\'s wait',
        run.shop.flatMap((s) => [
          { minute: minute(s.at), value: s.jobsQueued, series: 'jobs due', panel: 'depth' },
          { minute: minute(s.at), value: s.oldestJobSeconds, series: 'oldest (s)', panel: 'oldest age, s' },
        ]),
        { field: 'value', title: '' },
        'series',
        'panel',
      ],
    ],
    [
      'mails',
      [
        'E-mails queued (mail jobs) and sent (received by the SMTP stand-in), cumulative',
        run.shop.flatMap((s) => [
          { minute: minute(s.at), n: s.mailsQueued, series: 'queued' },
          { minute: minute(s.at), n: s.mailsSent, series: 'sent' },
        ]),
        { field: 'n', title: 'e-mails' },
        'series',
      ],
    ],
  ];
  const written = [file];
  for (const [name, args] of charts) {
    const png = join(dir, `soak-${stamp}-${name}.png`);
    await renderPng(lineChart(...args), png);
    written.push(png);
  }
  print(summary, run);
  return written;
}

function print(summary: ReturnType<typeof summarise>, run: RunRecord) {
  const f = (n: number | undefined, digits = 0) => (n === undefined ? '-' : n.toFixed(digits));
  console.log(`\nSoak (${(run.durationSeconds / 60).toFixed(1)} min, ${new Date().toISOString()})`);
  console.log(`  rate held: ${f(summary.rate.heldFlowsPerSecond, 1)} flows/s from ${f(summary.rate.heldFromSecond)} s; ${f(summary.throughput.heldRequestsPerSecond, 1)} requests/s answered there`);
  console.log(`  flows: ${JSON.stringify(summary.throughput.flows)}; shed at the in-flight bound: ${summary.throughput.shedAtTheInFlightBound}`);
  console.log(`  errors (not 429): ${summary.errors.total} ${JSON.stringify(summary.errors.byKindMethodStatus)}; 429s: ${summary.errors.limited}`);
  for (const e of summary.errors.failed.slice(0, 10)) console.log(`    sent at ${e.second} s, ${e.ms} ms: ${e.kind} ${e.method} → ${e.status}${e.why ? ` (${e.why})` : ''}`);
  console.log('\n  | kind | count | p50 ms | p95 ms | p99 ms |   (at the held rate, else the whole run)');
  const latency = Object.keys(summary.latencyAtTheHeldRate).length ? summary.latencyAtTheHeldRate : summary.latencyWholeRun;
  for (const [kind, k] of Object.entries(latency)) console.log(`  | ${kind} | ${k.count} | ${f(k.p50)} | ${f(k.p95)} | ${f(k.p99)} |`);
  for (const s of run.spans) console.log(`  ${s.what}: ${f(s.from / 1000)}-${f(s.to / 1000)} s (${s.steps.join(', ')})`);
  console.log('\n  Checks');
  for (const c of run.checks) console.log(`  ${c.pass ? 'PASS' : 'FAIL'}  ${c.name}: ${c.figure}`);
}

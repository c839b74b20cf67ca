// `npm run bench:faults`: the shop as real processes on the real PostgreSQL server, put through the faults
// of issue #13 (connections cut, SIGTERM and kill -9 under load, the mail server down, Redis unreachable),
// printing the figures that say whether it held. Not part of `npm test`. Options:
//   --only=1,3                scenarios to run (default: all five)
//   --runs=10                 runs of scenario 1
//   --smtp-down-seconds=120   how long the mail server stays down in scenario 4
// FAULTS_POSTGRES_URL overrides the server (default postgres://postgres@127.0.0.1:5432/postgres).
import { parseArgs } from 'node:util';
import { connectionsTerminated, killedMidLoad } from './faults/database-faults.ts';
import { loginLimitsWithoutRedis, mailServerDown } from './faults/dependency-faults.ts';
import { cleanUp } from './faults/shop.ts';
import { sigtermUnderLoad } from './faults/shutdown.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string', default: '1,2,3,4,5' },
    runs: { type: 'string', default: '10' },
    'smtp-down-seconds': { type: 'string', default: '120' },
  },
});
const only = new Set(values.only.split(',').map((n) => Number(n.trim())));
const runs = Number(values.runs);
const smtpDownSeconds = Number(values['smtp-down-seconds']);
if (!Number.isInteger(runs) || runs < 1 || !Number.isFinite(smtpDownSeconds) || smtpDownSeconds < 0) {
  console.error('usage: npm run bench:faults -- [--only=1,2,3,4,5] [--runs=10] [--smtp-down-seconds=120]');
  process.exit(2);
}

type Row = { scenario: string; figure: string; value: string; holds: boolean | undefined };
const rows: Row[] = [];
const row = (scenario: string, figure: string, value: unknown, holds?: boolean) => rows.push({ scenario, figure, value: String(value), holds });

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return Number.isInteger(middle) ? ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2 : (sorted[Math.floor(middle)] ?? 0);
};

async function scenario(n: number, title: string, run: () => Promise<void>) {
  if (!only.has(n)) return;
  console.log(`\n${n}. ${title}`);
  const started = performance.now();
  try {
    await run();
  } catch (err) {
    console.error(`  scenario ${n} failed:`, err);
    row(`${n}`, 'scenario failed', err instanceof Error ? err.message.split('\n')[0] : String(err), false);
  }
  console.log(`  (${((performance.now() - started) / 1000).toFixed(0)} s)`);
}

// Interrupted (Ctrl-C): the shops and databases go too, not only at the normal end.
process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));

try {
  await scenario(1, `Connections terminated under load (${runs} runs of 20 concurrent checkouts)`, async () => {
    const f = await connectionsTerminated(runs);
    const s = '1 connections cut';
    row(s, 'crashes (process exited)', `${f.crashes} of ${f.runs}`, f.crashes === 0);
    row(s, 'answers 201 / 503 / other', `${f.answers['201'] ?? 0} / ${f.answers['503'] ?? 0} / ${(f.answers.other ?? 0) + (f.answers.reset ?? 0)}`);
    row(s, 'hangs (no answer in 10 s)', f.hangs, f.hangs === 0);
    const recovery = f.recoveryMs.length
      ? `median ${median(f.recoveryMs).toFixed(0)} ms, max ${Math.max(...f.recoveryMs).toFixed(0)} ms`
      : 'never';
    row(s, 'recovery (ready + a checkout)', `${recovery}; not recovered ${f.notRecovered}`, f.notRecovered === 0 && Math.max(...f.recoveryMs) <= 5000);
  });

  await scenario(2, 'Requests in flight on SIGTERM (10 checkouts + 10 catalogue reads)', async () => {
    const f = await sigtermUnderLoad();
    const s = '2 SIGTERM';
    row(s, 'completed with a good status', `${f.completed} of ${f.inFlight}`, f.completed === f.inFlight);
    row(s, 'failed or reset', JSON.stringify(f.failed));
    row(s, 'exit', `${f.exitSignal ? `signal ${f.exitSignal}` : `code ${f.exitCode}`} after ${(f.exitAfterMs / 1000).toFixed(1)} s`, f.exitCode === 0);
  });

  await scenario(3, 'Consistency after kill -9 mid-load (10 checkouts at a time for 1.5 s)', async () => {
    const f = await killedMidLoad();
    const s = '3 kill -9';
    row(s, 'orders without items', f.ordersWithoutItems, f.ordersWithoutItems === 0);
    row(s, 'stock + units sold vs start', `${f.stockAfter} + ${f.unitsSold} = ${f.stockAfter + f.unitsSold} vs ${f.startStock}`, f.stockAfter + f.unitsSold === f.startStock);
    row(s, 'orders created (201 answers seen)', `${f.ordersCreated} (${f.ordersAnswered201})`, f.ordersCreated >= f.ordersAnswered201);
    row(s, 'ready after restart', f.restartedReady, f.restartedReady);
  });

  await scenario(4, `E-mails with the mail server down for ${smtpDownSeconds} s (10 guest checkouts)`, async () => {
    const f = await mailServerDown(10, smtpDownSeconds);
    const s = '4 SMTP down';
    row(s, 'expected / received', `${f.expected} / ${f.received}`);
    row(s, 'lost', f.lost, f.lost === 0);
    row(s, 'doubled (same recipient + subject)', f.doubled, f.doubled === 0);
    row(s, 'queue settled after it was back', f.settledAfterMs === undefined ? 'not within 240 s' : `${(f.settledAfterMs / 1000).toFixed(1)} s`);
  });

  await scenario(5, 'Login limits with Redis unreachable (AUTH_RATE_LIMIT=10, 50 wrong passwords)', async () => {
    const f = await loginLimitsWithoutRedis(50);
    const s = '5 Redis down';
    row(s, 'refused with 429 (holds when >= 40)', `${f.refused429} of ${f.attempts}`, f.limitHolds);
    row(s, 'answers', JSON.stringify(f.answers));
    row(s, '/api/ready', f.ready);
  });
} finally {
  await cleanUp();
}

const width = (key: keyof Row) => Math.max(key.length, ...rows.map((r) => String(r[key]).length));
const [ws, wf, wv] = [width('scenario'), width('figure'), width('value')];
const line = (r: { scenario: string; figure: string; value: string; holds: string }) =>
  `| ${r.scenario.padEnd(ws)} | ${r.figure.padEnd(wf)} | ${r.value.padEnd(wv)} | ${r.holds.padEnd(5)} |`;
console.log(`\nFault bench (PostgreSQL, ${new Date().toISOString()})\n`);
console.log(line({ scenario: 'scenario', figure: 'figure', value: 'value', holds: 'holds' }));
console.log(`|${'-'.repeat(ws + 2)}|${'-'.repeat(wf + 2)}|${'-'.repeat(wv + 2)}|-------|`);
for (const r of rows) console.log(line({ ...r, holds: r.holds === undefined ? '' : r.holds ? 'yes' : 'NO' }));
// The bench reports; it does not fail a pipeline on a figure (the tests do that).
process.exit(0);

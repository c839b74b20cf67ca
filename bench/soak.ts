// `npm run bench:soak`: the shop run the way the production guide runs it, for a while, under a day's mix of
// traffic (issue #31): Debian's Caddy with deploy/Caddyfile in front of two app processes started as the
// systemd unit starts them, on a scratch PostgreSQL database and Redis, the sandbox gateway, a loopback SMTP
// stand-in. The rate steps up until the storefront pages' p99 passes 200 ms, then holds; one process is killed
// at --kill-at and the README's upgrade steps are followed at --upgrade-at. Prints the figures and the checks,
// saves them with charts under bench/results/. Not part of the tests; loopback only. Options:
//   --minutes 30 --kill-at 10 --upgrade-at 20   (minutes; 0 skips the kill or the upgrade)
//   --seed 31 --port 4600 --start-rate 4 --step-seconds 60 --max-rate 200 --skip-build --keep
// SOAK_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres) and SOAK_REDIS_URL (default
// redis://127.0.0.1:6379/11, a database of its own, emptied at start) override the servers.
import { parseArgs } from 'node:util';
import * as check from './soak/checks.ts';
import { drive, sample } from './soak/engine.ts';
import { AppProcess, appEnv, clearRedis, createDatabase, ensureCaddy, portsFrom, proxyErrors, run, sleep, startCaddy, startMailbox, tearDown } from './soak/layout.ts';
import { seeded } from './soak/mix.ts';
import { killAndRestart, upgrade, type Span } from './soak/ops.ts';
import { heldFrom, save } from './soak/report.ts';
import { mailsWaiting, paidOrders, prepareShop, totalStock, unitsSold } from './soak/setup.ts';
import { killLosses, outcomeOf, overlaps } from './soak/stats.ts';
import { Visitors } from './soak/traffic.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    'kill-at': { type: 'string', default: '10' },
    'upgrade-at': { type: 'string', default: '20' },
    seed: { type: 'string', default: '31' },
    port: { type: 'string', default: '4600' },
    'start-rate': { type: 'string', default: '4' },
    'step-seconds': { type: 'string' },
    'max-rate': { type: 'string', default: '200' },
    'skip-build': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const minutes = Number(values.minutes);
const killAt = Number(values['kill-at']);
const upgradeAt = Number(values['upgrade-at']);
const seed = Number(values.seed);
const durationSeconds = minutes * 60;
const stepSeconds = Number(values['step-seconds'] ?? Math.min(60, Math.max(15, durationSeconds / 12)));
const numbers = [minutes, killAt, upgradeAt, seed, Number(values.port), Number(values['start-rate']), stepSeconds, Number(values['max-rate'])];
if (numbers.some((n) => !Number.isFinite(n) || n < 0) || minutes <= 0 || killAt >= minutes || upgradeAt >= minutes) {
  console.error('usage: npm run bench:soak -- [--minutes 30] [--kill-at 10] [--upgrade-at 20] (each before the end; 0 skips) [--seed 31] [--port 4600] [--start-rate 4] [--step-seconds 60] [--max-rate 200] [--skip-build] [--keep]');
  process.exit(2);
}
const ports = portsFrom(Number(values.port));
const stamp = new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-');
process.once('SIGINT', () => void tearDown(values.keep).finally(() => process.exit(130)));

try {
  await ensureCaddy();
  if (!values['skip-build']) {
    console.log('npm run build (dist/web, dist/ssr) ...');
    await run('npm', ['run', 'build', '--', '--logLevel', 'warn']);
  }
  const database = await createDatabase();
  await clearRedis();
  const mailbox = await startMailbox(ports.smtp);
  console.log(`database ${database.name}: db:migrate, db:seed, admin:create ...`);
  const catalogue = await prepareShop(database, 100);
  const startStock = await totalStock(database);
  const env = appEnv(database, ports, mailbox.url);
  const apps = [new AppProcess('app1', ports.apps[0], env), new AppProcess('app2', ports.apps[1], env)];
  await Promise.all(apps.map((app) => app.start()));
  await startCaddy(ports);
  const base = `http://127.0.0.1:${ports.proxy}`;
  console.log(`shop at ${base} (Caddy) → ${apps.map((a) => a.url).join(', ')}; ${minutes} min of traffic, seed ${seed}`);

  const t0 = performance.now();
  const wallT0 = Date.now();
  const visitors = new Visitors(base, catalogue, t0, seed);
  await visitors.signIn();
  const sampler = sample(apps, database, () => mailbox.subjects.length, t0, 5000);
  const spans: Span[] = [];
  const running: { from: number }[] = [];
  const at = (minute: number, what: () => Promise<Span>) =>
    minute > 0
      ? sleep(minute * 60_000 - (performance.now() - t0)).then(async () => {
          const marker = { from: performance.now() - t0 };
          running.push(marker);
          const span = await what();
          spans.push(span);
          running.splice(running.indexOf(marker), 1);
        })
      : Promise.resolve();
  const disturbances = Promise.all([at(killAt, () => killAndRestart(apps[0] as AppProcess, t0, () => visitors.inFlight)), at(upgradeAt, () => upgrade(apps, database, t0))]);
  const disturbed = (from: number, to: number) => running.length > 0 || spans.some((s) => s.from <= to && s.to >= from);
  // A kill waits up to 10 s for a request in flight (ops.ts): a step ending that close before it is ahead of it too.
  const planned = [killAt, upgradeAt].filter((minute) => minute > 0).map((minute) => minute * 60_000);
  const ahead = (from: number, to: number) => planned.some((at) => at >= from && at <= to + 10_000);
  const traffic = await drive(
    visitors,
    seeded(seed),
    { start: Number(values['start-rate']), factor: 1.5, max: Number(values['max-rate']), budgetMs: 200, durationMs: durationSeconds * 1000, stepMs: stepSeconds * 1000, maxInFlight: 256 },
    t0,
    { disturbed, ahead, busy: () => running.length > 0 },
  );
  await disturbances;
  // An upgrade that ran past the planned end kept the traffic going: the figures cover the whole of it.
  const ranSeconds = Math.max(durationSeconds, Math.ceil(visitors.samples.reduce((end, s) => Math.max(end, s.at + s.ms), 0) / 1000));

  // The queue's last mails go out before the mails are counted (90 s at most).
  for (let waited = 0; waited < 90_000 && (await mailsWaiting(database)) > 0; waited += 1000) await sleep(1000);
  await sleep(2000);
  await sampler.stop();

  const samples = visitors.samples;
  const paid = await paidOrders(database);
  const mailsPerOrder = new Map<number, number>();
  for (const subject of mailbox.subjects) {
    const id = /^Pagamento recebido: encomenda n\.º (\d+)$/.exec(subject)?.[1];
    if (id) mailsPerOrder.set(Number(id), (mailsPerOrder.get(Number(id)) ?? 0) + 1);
  }
  const lives = new Map<string, check.RssSeries>();
  for (const p of sampler.processes) {
    const key = `${p.process}#${p.life}`;
    const series = lives.get(key) ?? { process: p.process, life: p.life, points: [] };
    series.points.push({ at: p.at, rss: p.rss });
    lives.set(key, series);
  }
  const kill = spans.find((s) => s.what.endsWith('killed'));
  const up = spans.find((s) => s.what === 'upgrade');
  const duringUpgrade = up ? samples.filter((s) => overlaps(s, up.from, up.to)) : [];
  const steadyFrom = heldFrom(traffic);
  const checks = [
    check.errorsBesideLimits(samples.filter((s) => outcomeOf(s.status) === 'error').length, samples.filter((s) => s.status === 429).length, samples.length),
    // Judged at the held rate (a run that never settled one: from the warm-up on).
    check.rssGrowth([...lives.values()], Math.min(60, durationSeconds / 10), Number.isFinite(steadyFrom) ? steadyFrom : 0),
    check.oldestJob(Math.max(0, ...sampler.shop.map((s) => s.oldestJobSeconds))),
    check.stockBalance({ start: startStock, end: await totalStock(database), sold: await unitsSold(database) }),
    check.paymentMails(paid, mailsPerOrder),
    check.killedProcess(kill ? killLosses(samples, kill.from, kill.to - kill.from) : undefined, killAt || undefined),
    check.upgrade(
      up ? { failed: duringUpgrade.filter((s) => outcomeOf(s.status) === 'error').length, requests: duringUpgrade.length, seconds: (up.to - up.from) / 1000, steps: up.steps } : undefined,
      upgradeAt || undefined,
    ),
  ];
  // Why the proxy answered an error itself (its log), at which second of the run.
  const proxyLog = proxyErrors.map((e) => ({ second: Math.round((e.at - wallT0) / 100) / 10, msg: e.msg, request: e.request }));
  for (const e of proxyLog.slice(0, 20)) console.log(`  caddy at ${e.second} s: ${e.request}: ${e.msg}`);
  console.log(`  paid orders: ${paid.length} in the database, ${visitors.paid.length} seen paid by the visitors; mails sent ${mailbox.subjects.length}`);
  const files = await save(
    { options: { ...values, stepSeconds, ports, seed }, proxyLog, samples, traffic, processes: sampler.processes, shop: sampler.shop, spans, checks, durationSeconds: ranSeconds },
    stamp,
  );
  console.log(`\nsaved: ${files.join(', ')}`);
  await mailbox.close();
  await database.close();
} catch (err) {
  console.error('the soak stopped:', err);
  process.exitCode = 1;
} finally {
  await tearDown(values.keep);
}
// The bench reports; it does not fail a pipeline on a figure (the tests do that).
process.exit(process.exitCode ?? 0);

// The two disturbances of the run: a process killed (and restarted as systemd's Restart=always does, after
// RestartSec=2), and the README's upgrade steps: backup, migrate, then `npm run upgrade`'s hand-over of each
// socket (the new release beside the old on it, the old restarted, the spare stopped; decision 0058).
import { handOver } from '../../src/server/platform/hand-over.ts';
import { backupDir, run, sleep, type AppProcess, type ShopDatabase } from './layout.ts';

export type Span = { what: string; from: number; to: number; steps: string[] };

/** Caddy's health_interval (deploy/Caddyfile) and a little more: how long until it sends to a process again. */
const PROXY_SEES_IT = 3000;

/**
 * SIGKILL at a moment when requests are in flight (waiting up to 10 s for one), so that the kill cuts
 * some on the killed process as a crash would, rather than falling between two requests.
 */
export async function killAndRestart(app: AppProcess, t0: number, inFlight: () => number): Promise<Span> {
  for (const until = performance.now() + 10_000; inFlight() < 1 && performance.now() < until; ) await sleep(1);
  const from = performance.now() - t0;
  await app.stop('SIGKILL');
  console.log(`  ${(from / 1000).toFixed(0).padStart(5)} s  ${app.name} killed (SIGKILL); restarting in 2 s`);
  await sleep(2000);
  await app.start();
  await sleep(PROXY_SEES_IT);
  const to = performance.now() - t0;
  console.log(`  ${(to / 1000).toFixed(0).padStart(5)} s  ${app.name} back (life ${app.life})`);
  return { what: `${app.name} killed`, from, to, steps: ['SIGKILL', 'restart after 2 s'] };
}

/** README "Upgrading without downtime", steps 1 to 3, as an owner types them. */
export async function upgrade(apps: AppProcess[], database: ShopDatabase, t0: number): Promise<Span> {
  const from = performance.now() - t0;
  const steps: string[] = [];
  const step = (name: string) => {
    steps.push(name);
    console.log(`  ${((performance.now() - t0) / 1000).toFixed(0).padStart(5)} s  upgrade: ${name}`);
  };
  const env = { DATABASE_URL: database.url, BACKUP_DIR: backupDir };
  await run('npm', ['run', 'db:backup'], env);
  step('1. db:backup');
  await run('npm', ['run', 'db:migrate'], env);
  step('2. db:migrate');
  // The same code as `npm run upgrade -- PORT…`, with the bench's processes for systemd's units.
  for (const [i, app] of apps.entries()) {
    await handOver(app.port, app.units, { log: (line) => console.log(`  ${((performance.now() - t0) / 1000).toFixed(0).padStart(5)} s    ${app.name}: ${line}`) });
    step(`${i + 3}. ${app.name}'s socket handed over`);
  }
  return { what: 'upgrade', from, to: performance.now() - t0, steps };
}

// The production layout on this machine, without containers: a scratch PostgreSQL database, Redis, a loopback
// SMTP stand-in, two app processes started as the systemd unit and the image start them, and Debian's Caddy
// in front with the repository's own Caddyfile, adapted by environment variables.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { newProcessAnswers, type Units } from '../../src/server/platform/hand-over.ts';
import { proxyOptionsFor } from './caddy-version.ts';

export const POSTGRES_URL = process.env.SOAK_POSTGRES_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.SOAK_REDIS_URL?.trim() || 'redis://127.0.0.1:6379/11';
export const ADMIN = { email: 'dona@loja-soak.test', username: 'dona', password: 'Soak-bench-2026!' };
/** As the systemd units set it: longer than Caddy keeps an idle connection (decision 0058). */
const SHUTDOWN_DRAIN_MS = '5000';

export type Ports = { proxy: number; caddyAdmin: number; smtp: number; apps: [number, number] };
export const portsFrom = (base: number): Ports => ({ proxy: base, caddyAdmin: base + 1, smtp: base + 2, apps: [base + 11, base + 12] });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const scratch = mkdtempSync(join(tmpdir(), 'loja-soak-'));
export const dataDir = join(scratch, 'data');
export const backupDir = join(scratch, 'backups');
const children = new Set<ChildProcess>();
/** The app processes alive now: children of their socket holders, so killed apart from them at the end. */
const lives = new Set<number>();
// However the bench ends, no app process outlives it (its socket holder cannot stop it while it runs).
process.on('exit', () => {
  for (const pid of lives) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/** A command to its end (build, migrate, seed, backup), its output kept; throws with it when it fails. */
export async function run(command: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c: Buffer) => void (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => void (output += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output.slice(-3000)}`);
  return output;
}

/** Debian's caddy, installed with apt-get when missing (as .ci/run installs chromium). */
export async function ensureCaddy() {
  if (spawnSync('caddy', ['version']).status === 0) return;
  console.log('caddy is not installed: apt-get install caddy');
  await run('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq caddy']);
}

export type ShopDatabase = { name: string; url: string; query: <R extends object>(sql: string, values?: unknown[]) => Promise<R[]>; close: () => Promise<void> };

/** A new database on the PostgreSQL server for this run; `tearDown` drops it. */
export async function createDatabase(): Promise<ShopDatabase> {
  const name = `loja_soak_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  databases.add(name);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  return { name, url: url.toString(), query: async (sql, values = []) => (await pool.query(sql, values)).rows, close: () => pool.end() };
}
const databases = new Set<string>();

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Empties this run's Redis database (a number of its own, so the other users of the server are not touched). */
export async function clearRedis() {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
  await redis.connect();
  await redis.flushdb();
  redis.disconnect();
}

/** The SMTP stand-in: takes every message and keeps only its subject (a long run sends thousands). */
export async function startMailbox(port: number) {
  const subjects: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((mail) => {
            subjects.push(mail.subject ?? '');
            callback();
          })
          .catch(callback);
      });
    },
  });
  // A process killed in the middle of a mail resets its connection: expected at the kill (the mail stays in
  // that process's outbox and is sent again), not a reason to end the run.
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ECONNRESET') console.error('SMTP stand-in:', err.message);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${port}`, subjects, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The settings of every app process: the production ones of compose.yaml, on loopback. */
export function appEnv(database: ShopDatabase, ports: Ports, smtpUrl: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    MIGRATE_ON_START: 'false',
    REDIS_URL,
    PUBLIC_URL: `http://127.0.0.1:${ports.proxy}`,
    TRUST_PROXY: '1',
    SHUTDOWN_DRAIN_MS,
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'Loja <loja@loja-soak.test>',
    PAYMENT_GATEWAY: 'sandbox',
    DATA_DIR: dataDir,
    DEMO_CATALOGUE: 'false',
    LOG_LEVEL: 'warn',
    // Every simulated visitor comes from 127.0.0.1 through the proxy: the per-address limits would make the
    // whole town one customer. The per-e-mail ones stay as shipped (their 429s are counted as limits).
    AUTH_RATE_LIMIT: '1000000',
    CHECKOUT_RATE_LIMIT: '1000000',
    UNPAID_UNITS_PER_ADDRESS: '1000000',
  };
}

/**
 * The socket holder: systemd's part in socket activation (deploy/loja@.socket, decision 0051). A shell that
 * holds the listening socket as descriptor 3 without ever accepting on it, and starts one life of the app per
 * "start" line on its stdin, handing the socket over (LISTEN_FDS, LISTEN_PID), at the units' Nice=10. While no
 * life runs, connections wait in the socket's queue for the next one instead of being refused; two lives may run
 * at once, both accepting on it, as loja@PORT and loja-next@PORT do during an upgrade (decision 0058).
 */
const HOLDER = `while read -r command; do
  [ "$command" = start ] || continue
  (
    sh -c 'echo "loja-holder: pid $$"; LISTEN_FDS=1 LISTEN_PID=$$ exec nice -n 10 "$0" src/server/main.ts' "$LOJA_NODE" </dev/null &
    life=$!
    wait "$life"
    echo "loja-holder: exit $life $?"
  ) &
done`;

/** One start of the app on a socket: `main` is the socket's own service (loja@PORT), `spare` the upgrade's loja-next@PORT. */
type Life = { life: number; pid: number; role: 'main' | 'spare'; startedAt: number; exited: Promise<void> };

/**
 * One app process's socket and the lives on it, as the systemd units run them (`node src/server/main.ts` on the
 * socket loja@PORT.socket holds), restarted by the bench as systemd would.
 */
export class AppProcess {
  life = 0;
  private holder: ChildProcess | undefined;
  private readonly running = new Map<number, Life>();
  private readonly exits = new Map<number, () => void>();
  private onPid: ((pid: number) => void) | undefined;
  private tail = '';

  readonly name: string;
  readonly port: number;
  private readonly env: Record<string, string>;

  constructor(name: string, port: number, env: Record<string, string>) {
    this.name = name;
    this.port = port;
    this.env = env;
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The listening socket, bound here and handed to the holder; this process then lets go of it (it would accept). */
  private async hold(): Promise<ChildProcess> {
    const socket = createServer();
    await new Promise<void>((resolve, reject) => socket.once('error', reject).listen({ port: this.port, host: '127.0.0.1', backlog: 511 }, resolve));
    const fd = (socket as unknown as { _handle: { fd: number } })._handle.fd;
    const holder = spawn('sh', ['-c', HOLDER], {
      env: { PATH: process.env.PATH ?? '', ...this.env, PORT: String(this.port), LOJA_NODE: process.execPath },
      stdio: ['pipe', 'pipe', 'pipe', fd],
    });
    socket.close();
    children.add(holder);
    let partial = '';
    const read = (chunk: Buffer) => {
      this.tail = (this.tail + chunk.toString()).slice(-4000);
      partial += chunk.toString();
      const lines = partial.split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        const started = /^loja-holder: pid (\d+)$/.exec(line)?.[1];
        const ended = /^loja-holder: exit (\d+) /.exec(line)?.[1];
        if (started) this.onPid?.(Number(started));
        if (ended) this.exits.get(Number(ended))?.();
      }
    };
    holder.stdout?.on('data', read);
    holder.stderr?.on('data', (c: Buffer) => void (this.tail = (this.tail + c.toString()).slice(-4000)));
    holder.once('exit', () => children.delete(holder));
    return holder;
  }

  /** Starts a life (as systemd's Type=simple: returns once it runs, not once it answers). */
  async spawn(role: Life['role']): Promise<Life> {
    this.holder ??= await this.hold();
    const startedAt = Date.now();
    const pid = await new Promise<number>((resolve) => {
      this.onPid = resolve;
      this.holder?.stdin?.write('start\n');
    });
    this.life += 1;
    const exited = new Promise<void>((resolve) => this.exits.set(pid, resolve));
    const life: Life = { life: this.life, pid, role, startedAt, exited };
    this.running.set(pid, life);
    lives.add(pid);
    void exited.then(() => {
      this.running.delete(pid);
      this.exits.delete(pid);
      lives.delete(pid);
    });
    return life;
  }

  /** A new main life, once it answers (60 s at most). */
  async start() {
    const life = await this.spawn('main');
    const died = life.exited.then(() => {
      throw new Error(`${this.name} exited at start:\n${this.tail}`);
    });
    await Promise.race([newProcessAnswers(this.port, life.startedAt), died]);
  }

  /** Sends the signal to the life in that role (the main one by default) and waits for its exit. */
  async stop(signal: NodeJS.Signals, role: Life['role'] = 'main') {
    const life = [...this.running.values()].find((l) => l.role === role);
    if (!life) return;
    process.kill(life.pid, signal);
    await life.exited;
  }

  /** Which life a process's start (`loja_process_start_time_seconds`) belongs to: the one started nearest to it. */
  lifeStartedAt(seconds: number | undefined): number {
    if (seconds === undefined) return this.life;
    let nearest = { life: this.life, distance: Infinity };
    for (const l of this.running.values()) {
      const distance = Math.abs(l.startedAt / 1000 - seconds);
      if (distance < nearest.distance) nearest = { life: l.life, distance };
    }
    return nearest.life;
  }

  /** systemd's verbs on this socket's two units, for the upgrade (platform/hand-over.ts). */
  readonly units: Units = {
    start: async () => void (await this.spawn('spare')),
    restart: async () => {
      await this.stop('SIGTERM', 'main');
      await this.spawn('main');
    },
    stop: async (unit) => this.stop('SIGTERM', unit.startsWith('loja-next@') ? 'spare' : 'main'),
  };

  output = () => this.tail;
}

/** The errors Caddy logged while proxying (a request it could not pass to a process): when (Unix ms), why, which. */
export const proxyErrors: { at: number; msg: string; request: string }[] = [];

/** Caddy with deploy/Caddyfile: the site on loopback, plain HTTP, the two processes as its upstreams. */
export async function startCaddy(ports: Ports) {
  const home = join(scratch, 'caddy');
  const version = spawnSync('caddy', ['version'], { encoding: 'utf8' }).stdout.trim();
  const options = proxyOptionsFor(version);
  console.log(`caddy ${version.split(' ')[0]}${options ? `: CADDY_PROXY_OPTIONS=${JSON.stringify(options)} (it cannot resend a body otherwise)` : ''}`);
  const child = spawn('caddy', ['run', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: home,
      XDG_DATA_HOME: join(home, 'data'),
      XDG_CONFIG_HOME: join(home, 'config'),
      SHOP_DOMAIN: `http://127.0.0.1:${ports.proxy}`,
      LOJA_UPSTREAMS: ports.apps.map((p) => `127.0.0.1:${p}`).join(' '),
      CADDY_BIND: '127.0.0.1',
      CADDY_ADMIN: `127.0.0.1:${ports.caddyAdmin}`,
      CADDY_PROXY_OPTIONS: options,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let tail = '';
  let partial = '';
  child.stderr?.on('data', (c: Buffer) => {
    tail = (tail + c.toString()).slice(-3000);
    const lines = (partial + c.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.includes('"http.log.error"') || proxyErrors.length >= 1000) continue;
      const entry = JSON.parse(line) as { ts: number; msg: string; request?: { method?: string; uri?: string } };
      proxyErrors.push({ at: entry.ts * 1000, msg: entry.msg, request: `${entry.request?.method ?? ''} ${entry.request?.uri ?? ''}` });
    }
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`caddy exited:\n${tail}`);
    const ok = await fetch(`http://127.0.0.1:${ports.proxy}/api/ready`, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false);
    if (ok) return child;
    await sleep(300);
  }
  throw new Error(`caddy did not answer within 30 s:\n${tail}`);
}

/** Stops every process started, drops the database and removes the scratch folder (backups included). */
export async function tearDown(keep: boolean) {
  for (const pid of lives) process.kill(pid, 'SIGKILL');
  for (const child of children) child.kill('SIGKILL');
  await sleep(300);
  if (!keep) {
    for (const name of databases) {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((err: unknown) => console.error(`could not drop ${name}:`, err));
    }
    rmSync(scratch, { recursive: true, force: true });
  } else {
    console.log(`kept: database ${[...databases].join(', ')}, folder ${scratch}`);
  }
}

// Issue #26, "one picture takes the process to 5 GB": a 2.4 MB SVG of 200,000 circles uploaded to the media
// library. The upload runs in a child process (this file again, with ABUSE_UPLOAD_CHILD set) on an in-memory
// PGlite shop, so its RSS is the upload's alone; the parent reads the child's peak (VmHWM) and current RSS
// from /proc (the peak counted from the upload on), and stops it after CHILD_LIMIT_MS if it has not answered.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AbuseScenario } from './scenario.ts';

const CIRCLES = 200_000;
const CHILD_LIMIT_MS = 45_000;
/** How long after the answer the RSS is read again: what the process gives back once the request is over. */
const SETTLE_MS = 3_000;
const RSS_BUDGET_MB = 1024;
/** What one refused upload may add to the process at its peak. */
const GROWTH_BUDGET_MB = 300;

/** 200,000 small circles on a 2000 × 2000 canvas, about 2.4 MB of text. */
function circlesSvg(count = CIRCLES): Buffer {
  const parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="2000" viewBox="0 0 2000 2000">'];
  for (let i = 0; i < count; i++) parts.push(`<circle cx="${(i * 7) % 2000}" cy="${(i * 13) % 2000}" r="2"/>`);
  parts.push('</svg>');
  return Buffer.from(parts.join(''));
}

/** The child: the shop in process, an admin, one upload; prints its answer as one JSON line. */
async function child() {
  const { multipart } = await import('../../tests/helpers/images.ts');
  const { signedIn, startShop } = await import('./lib/app.ts');
  const shop = await startShop({ AUTH_RATE_LIMIT: '1000' });
  const { app } = shop;
  const { cookie } = await signedIn(shop, 'dona@loja.test', 'Bench-abuse-2026!', true);
  const svg = circlesSvg();
  process.stdout.write(`${JSON.stringify({ ready: true, bytes: svg.length })}\n`);
  const started = performance.now();
  const res = await app.inject({
    method: 'PUT',
    url: '/api/image/Circulos',
    headers: { cookie },
    payload: multipart({ name: 'Circulos' }, [{ field: 'image', name: 'circulos.svg', type: 'image/svg+xml', data: svg }]),
  });
  const stored = (await app.inject({ method: 'GET', url: '/api/image', headers: { cookie } })).json<{ name: string }[]>().length;
  process.stdout.write(`${JSON.stringify({ status: res.statusCode, ms: performance.now() - started, error: res.json<{ error?: string }>().error, stored })}\n`);
  // Stays up so the parent can read what it gives back; the parent ends it.
  setInterval(() => {}, 1000);
}

const rssOf = (pid: number) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
};

async function uploadInChild() {
  const proc = spawn(process.execPath, [fileURLToPath(import.meta.url)], { env: { ...process.env, ABUSE_UPLOAD_CHILD: '1' }, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: Record<string, unknown>[] = [];
  let buffered = '';
  proc.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let i = buffered.indexOf('\n'); i >= 0; i = buffered.indexOf('\n')) {
      const line = buffered.slice(0, i);
      buffered = buffered.slice(i + 1);
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // Not ours.
      }
    }
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  try {
    const deadline = Date.now() + 60_000;
    while (!lines.some((l) => l.ready) && Date.now() < deadline && proc.exitCode === null) await sleep(50);
    const before = rssOf(proc.pid ?? 0)?.rss;
    // The peak so far is the shop's start (PGlite loading its snapshot); from here it is the upload's.
    try {
      writeFileSync(`/proc/${proc.pid ?? 0}/clear_refs`, '5');
    } catch {
      // Not Linux: the peak then includes the start.
    }
    const sent = Date.now();
    let peak = 0;
    while (!lines.some((l) => 'status' in l) && Date.now() - sent < CHILD_LIMIT_MS && proc.exitCode === null) {
      peak = Math.max(peak, rssOf(proc.pid ?? 0)?.peak ?? 0);
      await sleep(100);
    }
    const answer = lines.find((l) => 'status' in l) as { status: number; ms: number; error?: string; stored: number } | undefined;
    if (answer) await sleep(SETTLE_MS);
    const after = rssOf(proc.pid ?? 0);
    peak = Math.max(peak, after?.peak ?? 0);
    return { before, peak, after: after?.rss, answer, waitedMs: Date.now() - sent, died: proc.exitCode !== null };
  } finally {
    proc.kill('SIGKILL');
    await exited;
  }
}

export const scenarios: AbuseScenario[] = [
  {
    key: 'svg',
    title: 'media library upload of a 2.4 MB SVG with 200,000 circles (child process, RSS from /proc)',
    async run() {
      const r = await uploadInChild();
      const mb = (value: number | undefined) => (value === undefined ? 'n/a' : `${Math.round(value)} MB`);
      const answered = r.answer ? `${r.answer.status} in ${(r.answer.ms / 1000).toFixed(1)} s${r.answer.error ? ` («${r.answer.error}»)` : ''}` : r.died ? 'process died' : `no answer in ${CHILD_LIMIT_MS / 1000} s`;
      return [
        { figure: 'answer', value: answered, holds: r.answer?.status === 400 && r.answer.ms < 5_000 },
        { figure: 'images stored', value: r.answer?.stored ?? 'n/a', holds: r.answer?.stored === 0 },
        { figure: 'RSS before the upload', value: mb(r.before) },
        // The embedded database alone holds about 0.9 GB in this process; on PostgreSQL the shop starts near 0.35 GB.
        { figure: 'peak RSS from the upload on (growth)', value: `${mb(r.peak)} (+${mb(r.peak - (r.before ?? 0))})`, holds: r.peak - (r.before ?? 0) < GROWTH_BUDGET_MB },
        { figure: `RSS ${SETTLE_MS / 1000} s after the answer`, value: r.answer ? mb(r.after) : 'n/a', holds: r.answer !== undefined && (r.after ?? Infinity) < RSS_BUDGET_MB },
      ];
    },
  },
];

if (process.env.ABUSE_UPLOAD_CHILD) await child();

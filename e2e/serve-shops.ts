/**
 * Starts the journeys' shops all at once: one `node e2e/serve.ts` for each port of E2E_PORTS (comma-separated),
 * each its own data directory and database. playwright.config.ts runs this as its one `webServer` and waits for
 * the line "e2e: every shop answers", printed once each shop's /api/ready answers.
 *
 * Why one process for all: Playwright starts the entries of a `webServer` array one after the other, each only
 * once the one before answers, so two workers waited for two shop starts (migrations, the demo catalogue's
 * pictures) end to end; side by side they take about one.
 *
 * A shop that stops (or cannot start) stops the others and ends this process with its status; SIGTERM and SIGINT
 * are passed on to every shop, which cleans up after itself (e2e/serve.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';

const ports = (process.env.E2E_PORTS ?? '')
  .split(',')
  .filter(Boolean)
  .map((p) => Number(p));
if (ports.length === 0 || ports.some((p) => !Number.isInteger(p) || p <= 0)) {
  console.error(`e2e: E2E_PORTS must list the shops' ports (e.g. 3100,3110), not "${process.env.E2E_PORTS ?? ''}"`);
  process.exit(1);
}

/** Whether something already listens on the port (the journeys would then drive a stranger's shop). */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

for (const port of ports) {
  if (await listening(port)) {
    console.error(`e2e: port ${port} is already in use; stop what listens there or choose other ports with E2E_PORT`);
    process.exit(1);
  }
}

const shops = new Map<number, ChildProcess>();
let stopping = false;

function stopAll(signal: NodeJS.Signals) {
  for (const child of shops.values()) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}

for (const port of ports) {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'serve.ts')], { env: { ...process.env, E2E_PORT: String(port) }, stdio: 'inherit' });
  shops.set(port, child);
  child.on('exit', (code, signal) => {
    shops.delete(port);
    if (!stopping) {
      stopping = true;
      if (code !== 0) console.error(`e2e: the shop on port ${port} stopped (${signal ?? `status ${code}`}); stopping the others`);
      process.exitCode = code ?? 1;
      stopAll('SIGTERM');
    }
    if (shops.size === 0) process.exit();
  });
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    stopping = true;
    stopAll(signal);
  });
}

/** Waits until the shop on `port` answers its readiness check (e2e/serve.ts starts it, then it migrates and seeds). */
async function ready(port: number) {
  for (;;) {
    if (stopping) return;
    const answered = await fetch(`http://127.0.0.1:${port}/api/ready`)
      .then((res) => res.ok)
      .catch(() => false);
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

await Promise.all(ports.map(ready));
if (!stopping) console.log(`e2e: every shop answers (${ports.map((p) => `http://127.0.0.1:${p}`).join(', ')})`);

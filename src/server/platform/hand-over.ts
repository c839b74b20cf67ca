/**
 * An upgrade that never leaves one process carrying the shop (decision 0058). Each socket systemd holds
 * (`deploy/loja@.socket`) is handed over in place: the new release starts beside the old process on the same
 * socket (`loja-next@PORT`), the socket's own service restarts on the new release while the spare serves, and
 * the spare stops. Caddy keeps seeing a ready process on every port throughout; the kernel gives each new
 * connection to whichever process accepts it.
 */
import { get } from 'node:http';

/** What systemd does for the upgrade; the soak bench gives its own processes the same three verbs. */
export type Units = {
  /** Returns once the unit's process is started (systemd's Type=simple), not once it answers. */
  start: (unit: string) => Promise<void>;
  restart: (unit: string) => Promise<void>;
  stop: (unit: string) => Promise<void>;
};

export type HandOverOptions = { host?: string; timeoutMs?: number; log?: (line: string) => void; now?: () => number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** platform/metrics.ts: the process's start to the millisecond. */
export const START_METRIC = 'loja_process_start_time_seconds';

/**
 * The start (Unix seconds) of whichever process on the socket answered this time, or undefined. A new connection
 * each try (no agent): a kept-alive one would stay with the process that accepted it.
 */
function startOfAnsweringProcess(host: string, port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const request = get({ host, port, path: '/metrics', agent: false, timeout: 2000 }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => void (text += chunk));
      response.on('end', () => {
        const line = response.statusCode === 200 ? text.split('\n').find((l) => l.startsWith(`${START_METRIC} `)) : undefined;
        resolve(line === undefined ? undefined : Number(line.split(' ')[1]));
      });
      response.on('error', () => resolve(undefined));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(undefined));
  });
}

/**
 * Until a process started at or after `since` (Unix ms) answers on the port. Both processes accept on the
 * socket, so each try lands on one of them; the start time in its `/metrics` tells which.
 */
export async function newProcessAnswers(port: number, since: number, { host = '127.0.0.1', timeoutMs = 60_000, now = Date.now }: HandOverOptions = {}) {
  const deadline = now() + timeoutMs;
  while (now() < deadline) {
    const started = await startOfAnsweringProcess(host, port);
    if (started !== undefined && started * 1000 >= since) return;
    await sleep(200);
  }
  throw new Error(`Nenhum processo novo respondeu na porta ${port} em ${Math.round(timeoutMs / 1000)} s.`);
}

/** The three steps for one socket; a spare that never answers is stopped and the running process left alone. */
export async function handOver(port: number, units: Units, options: HandOverOptions = {}) {
  const { log = () => {}, now = Date.now } = options;
  const spare = `loja-next@${port}.service`;
  const main = `loja@${port}.service`;
  let since = now();
  await units.start(spare);
  try {
    await newProcessAnswers(port, since, options);
  } catch (err) {
    await units.stop(spare);
    throw err;
  }
  log(`${spare}: a nova versão responde ao lado da anterior`);
  since = now();
  await units.restart(main);
  await newProcessAnswers(port, since, options);
  log(`${main}: reiniciado na nova versão`);
  await units.stop(spare);
  log(`${spare}: parado`);
}

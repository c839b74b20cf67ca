import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { handOver, type Units } from './hand-over.ts';

/**
 * A port whose `/metrics` answers like the shop's processes on one socket: each connection accepted by one
 * of the processes running then, in turn (as the kernel spreads connections over the processes accepting).
 */
async function socketOfProcesses() {
  const processes = new Map<string, number>([['loja@', Date.now() / 1000 - 3600]]);
  let turn = 0;
  const acceptedBy = new WeakMap<object, number>();
  const server: Server = createServer((request, response) => {
    const starts = [...processes.values()];
    const start = acceptedBy.get(request.socket) ?? 0;
    // A process that has stopped no longer answers on the connections it had.
    if (request.url !== '/metrics' || !starts.includes(start)) return void response.writeHead(503).end();
    response.end(`# HELP loja_process_start_time_seconds When this process started.\nprocess_start_time_seconds ${Math.round(start)}\nloja_process_start_time_seconds ${start}\n`);
  });
  server.on('connection', (socket) => {
    const starts = [...processes.values()];
    acceptedBy.set(socket, starts[turn++ % starts.length] ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { port: (server.address() as AddressInfo).port, processes };
}
const servers: Server[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close() && s.closeAllConnections()));

/** systemd as far as the hand-over sees it: each verb recorded; a started process answers after `startMs`. */
function systemd(processes: Map<string, number>, { startMs = 300, spareStarts = true } = {}) {
  const calls: string[] = [];
  const begin = (unit: string) =>
    setTimeout(() => {
      if (unit.startsWith('loja-next@') && !spareStarts) return;
      processes.set(unit.startsWith('loja-next@') ? 'loja-next@' : 'loja@', Date.now() / 1000);
    }, startMs);
  const units: Units = {
    start: async (unit) => {
      calls.push(`start ${unit}`);
      begin(unit);
    },
    restart: async (unit) => {
      calls.push(`restart ${unit}`);
      processes.delete('loja@');
      begin(unit);
    },
    stop: async (unit) => {
      calls.push(`stop ${unit}`);
      processes.delete(unit.startsWith('loja-next@') ? 'loja-next@' : 'loja@');
    },
  };
  return { units, calls };
}

describe('handing a socket over to the new release', () => {
  it('starts the spare, waits for it to answer, restarts the main process, waits for it, then stops the spare', async () => {
    const { port, processes } = await socketOfProcesses();
    const { units, calls } = systemd(processes, { startMs: 1200 });
    const seen: string[] = [];
    // Each wait must see the new process itself: the spare answers before the main one is restarted,
    // and the spare (started a moment before) does not pass for the restarted main process.
    const restart = units.restart;
    units.restart = async (unit) => {
      seen.push(`before restart: ${[...processes.keys()].join(', ')}`);
      await restart(unit);
    };
    const stop = units.stop;
    units.stop = async (unit) => {
      seen.push(`before stop: ${[...processes.keys()].join(', ')}`);
      await stop(unit);
    };
    await handOver(port, units, { timeoutMs: 10_000 });
    expect(calls).toEqual([`start loja-next@${port}.service`, `restart loja@${port}.service`, `stop loja-next@${port}.service`]);
    expect(seen).toEqual(['before restart: loja@, loja-next@', 'before stop: loja-next@, loja@']);
    expect([...processes.keys()]).toEqual(['loja@']);
  });

  it('a spare that never answers is stopped, and the running process is left as it was', async () => {
    const { port, processes } = await socketOfProcesses();
    const before = processes.get('loja@');
    const { units, calls } = systemd(processes, { spareStarts: false });
    await expect(handOver(port, units, { timeoutMs: 1500 })).rejects.toThrow(`Nenhum processo novo respondeu na porta ${port} em 2 s.`);
    expect(calls).toEqual([`start loja-next@${port}.service`, `stop loja-next@${port}.service`]);
    expect(processes.get('loja@')).toBe(before);
  });
});

// `npm run upgrade -- 3000 3001` (as root, once the new release's files are built and its migrations run):
// hands each socket of deploy/loja@.socket over to the new release without leaving one process alone on the
// shop (README "Upgrading without downtime", decision 0058). One port after the other; it stops at the first
// that fails, leaving that port's running process as it was.
import { spawn } from 'node:child_process';
import { handOver, type Units } from '../platform/hand-over.ts';

function systemctl(verb: string, unit: string) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn('systemctl', [verb, unit], { stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`systemctl ${verb} ${unit} terminou com ${code}.`))));
  });
}

const units: Units = {
  start: (unit) => systemctl('start', unit),
  restart: (unit) => systemctl('restart', unit),
  stop: (unit) => systemctl('stop', unit),
};

const ports = process.argv.slice(2).map(Number);
if (!ports.length || ports.some((p) => !Number.isInteger(p) || p < 1 || p > 65_535)) {
  console.error('Indique as portas dos sockets da loja (as de loja@PORTA.socket), por exemplo: npm run upgrade -- 3000 3001');
  process.exit(2);
}
try {
  for (const port of ports) await handOver(port, units, { log: (line) => console.log(line) });
  console.log('Atualização concluída: cada porta passou para a nova versão sem ficar sem processo.');
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}

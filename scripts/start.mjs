// `npm start`: builds the web app when its build is missing or older than its sources, then serves
// the shop (web app and API) on one port.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildWeb } from './build-web.mjs';

const built = 'dist/web/index.html';
const sources = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const builtAt = existsSync(built) && existsSync('dist/ssr/entry-server.js') ? statSync(built).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newestMtime))) {
  console.log('A preparar a aplicação web (vite build)...');
  buildWeb(['--logLevel', 'warn']);
}

process.env.NODE_ENV ??= 'production';
await import('../src/server/main.ts');

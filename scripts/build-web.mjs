// `npm run build`: the web app for the browser (dist/web) and the storefront's server render (dist/ssr,
// src/web/entry-server.tsx), which the server loads to send the catalogue's pages with their content.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

const VITE = 'node_modules/vite/bin/vite.js';

/** Runs both builds; exits the process with the failing build's status. */
export function buildWeb(extra = []) {
  for (const args of [['build', ...extra], ['build', '--ssr', 'entry-server.tsx', '--outDir', '../../dist/ssr', '--emptyOutDir', ...extra]]) {
    const result = spawnSync(process.execPath, [VITE, ...args], { stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) buildWeb(process.argv.slice(2));

// `npm run build`: the web app for the browser (dist/web) and the storefront's server render (dist/ssr,
// src/web/entry-server.tsx), which the server loads to send the catalogue's pages with their content.
// The previous build's scripts and styles stay beside the new ones for one build: during an upgrade a page the
// old process rendered asks for them by their old names, from whichever process (decision 0058).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const VITE = 'node_modules/vite/bin/vite.js';
const ASSETS = 'dist/web/assets';
/** The names of the files this build made in ASSETS (not the ones kept from the build before it). */
const OWN = 'dist/web/.assets-of-this-build.json';

/** The previous build's own assets, read before Vite empties the folder. */
function previousAssets() {
  if (!existsSync(OWN)) return [];
  const names = JSON.parse(readFileSync(OWN, 'utf8'));
  return names.filter((name) => existsSync(join(ASSETS, name))).map((name) => ({ name, bytes: readFileSync(join(ASSETS, name)) }));
}

/** Runs both builds; exits the process with the failing build's status. */
export function buildWeb(extra = []) {
  const previous = previousAssets();
  for (const args of [['build', ...extra], ['build', '--ssr', 'entry-server.tsx', '--outDir', '../../dist/ssr', '--emptyOutDir', ...extra]]) {
    const result = spawnSync(process.execPath, [VITE, ...args], { stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  mkdirSync(ASSETS, { recursive: true });
  const own = readdirSync(ASSETS);
  writeFileSync(OWN, JSON.stringify(own));
  for (const { name, bytes } of previous) if (!own.includes(name)) writeFileSync(join(ASSETS, name), bytes);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) buildWeb(process.argv.slice(2));

// `npm run size`: what a phone downloads for the first page of each storefront route, measured from the
// build (dist/web, with its Vite manifest) as the server sends it (gzip, level 9): the entry script, the
// scripts it preloads and the route's own chunk, and the stylesheets. Fails when the CSS budget is passed,
// when the JavaScript grows past its ceiling, or when back-office or editor code reaches a storefront
// route; prints how far the JavaScript still is from its budget. Run `npm run build` first.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Budgets in KB of gzip (issue #14: the storefront's first route 90 KB of JavaScript, 20 KB of CSS). */
const BUDGET = { js: 90, css: 20 };
/**
 * The JavaScript is not within its budget: React DOM (about 58 KB), React Router (about 28 KB) and TanStack
 * Query (about 9 KB) alone are past it. A server-rendered page does not wait for it (it is fetched once the
 * page has loaded, src/web/public/start.js), so the ceiling, today's size and a little room, stops it from
 * growing while the budget stays printed as the goal. It was 160 until features raised it to 168 in November 2026
 * (the header's search suggestions, the list's filters and collections, the delivery and withdrawal promises, the
 * cart cookie's upkeep: the product page reached 167.1 KB). Back to 160 on 2026-11-27 (issue #30) by taking out of
 * the first routes what they did not use, without taking out any feature: react-bootstrap's Navbar (its unused
 * off-canvas variant brought a modal into every page), the list's filter drawer until it is opened, React Router's
 * development warnings, the shop's messages that the API client never shows, and the cost of fourteen small files
 * the entry imported (now in the entry's own file). Measured then: / 150.4, /produtos 152.0, /produtos/{id} 153.9,
 * /servicos 144.3, /contactos 138.3 KB. No buying control waits for this code: they are forms (decision 0056), and
 * what runs before them, /start.js, has its own ceiling below, within issue #32's 90 KB. The app itself at 90 KB
 * would take another renderer for the storefront (React, React DOM and the scheduler alone are 66 KB; 0056, option 2).
 */
const JS_CEILING = 160;
/** What runs before the buying controls work (issue #32: at most 90 KB; /start.js measured 0.9 KB). */
const FIRST_TAP_CEILING = 2;

const ROUTES: Record<string, string> = {
  '/': 'features/home/home-page.tsx',
  '/produtos': 'features/catalog/products-page.tsx',
  '/produtos/{id}': 'features/catalog/product-page.tsx',
  '/servicos': 'features/services/services-page.tsx',
  '/contactos': 'features/contact/contact-page.tsx',
};

/** Code only the back office or its editors need: never in a storefront route's files. */
const BACK_OFFICE = /features\/admin\/|rich-text|tiptap|prosemirror/;

type Chunk = { file: string; src?: string; name?: string; isEntry?: boolean; imports?: string[]; css?: string[] };

const dist = resolve(import.meta.dirname, '..', 'dist', 'web');
let manifest: Record<string, Chunk>;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
} catch {
  console.error('size: dist/web/.vite/manifest.json is missing: run `npm run build` first.');
  process.exit(1);
}

/**
 * A built file's name ends in a hash of its content (`Button-7BW3hTsM.js`), and a file names the files it
 * imports: any change anywhere renames files and so changes the bytes, and the gzip size, of the files that
 * import them (a change to a back-office page moved the product page's figure by 48 bytes). Each hash is
 * measured as another string of the same length and alphabet, one per file, made from the file's name without
 * it (and a number among files of that name): as many bytes as the real names, as hard to compress, and the
 * same from one build to the next.
 */
const hashed = /([\w.]+)-([\w-]{8})\.(js|css)\b/g;
const stand = new Map<string, string>();
const taken = new Map<string, number>();
function standIn(name: string, hash: string): string {
  let value = stand.get(`${name}-${hash}`);
  if (value === undefined) {
    const n = taken.get(name) ?? 0;
    taken.set(name, n + 1);
    value = createHash('sha256').update(`${name}#${n}`).digest('base64url').slice(0, 8);
    stand.set(`${name}-${hash}`, value);
  }
  return value;
}
// Numbered in the order of the real names, so that two builds of the same code agree.
// This build's own files only: the previous build's stay beside them for one upgrade (scripts/build-web.mjs).
const ownAssets = JSON.parse(readFileSync(join(dist, '.assets-of-this-build.json'), 'utf8')) as string[];
for (const [, name, hash] of ownAssets.sort().flatMap((file) => [...file.matchAll(hashed)])) standIn(name as string, hash as string);
const stableNames = (code: Buffer) =>
  code.toString('utf8').replace(hashed, (_, name: string, hash: string, ext: string) => `${name}-${standIn(name, hash)}.${ext}`);

const gzipped = new Map<string, number>();
const gzipKb = (file: string) => {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = gzipSync(stableNames(readFileSync(join(dist, file))), { level: 9 }).length / 1024;
    gzipped.set(file, size);
  }
  return size;
};

/** A chunk and every chunk it imports statically (what the browser loads before the route can render). */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('no entry in the manifest');

let failed = false;
const rows: string[] = [];
for (const [route, source] of Object.entries(ROUTES)) {
  if (!manifest[source]) throw new Error(`${source} is not a chunk of the build`);
  const keys = new Set([...closure(entryKey), ...closure(source)]);
  const chunks = [...keys].map((key) => manifest[key] as Chunk);
  const js = chunks.reduce((sum, c) => sum + gzipKb(c.file), 0);
  const css = [...new Set(chunks.flatMap((c) => c.css ?? []))].reduce((sum, file) => sum + gzipKb(file), 0);
  const leaked = [...keys].filter((key) => BACK_OFFICE.test(key) || BACK_OFFICE.test(manifest[key]?.src ?? ''));
  const over = js > JS_CEILING || css > BUDGET.css || leaked.length > 0;
  failed ||= over;
  const jsNote = js > BUDGET.js ? ` (${(js - BUDGET.js).toFixed(1)} KB over budget)` : '';
  rows.push(
    `${route.padEnd(16)} JS ${js.toFixed(1).padStart(6)} KB${jsNote} (${chunks.length} files)   CSS ${css.toFixed(1).padStart(5)} KB${leaked.length ? `   back-office code: ${leaked.join(', ')}` : ''}${over ? '   FAIL' : ''}`,
  );
}

// Issue #32: the buying controls are forms the server answers (decision 0056), so what a storefront page runs before
// they work is only its starter, /start.js, which fetches the app once the page is painted. Kept under its ceiling.
const starter = gzipSync(readFileSync(join(dist, 'start.js')), { level: 9 }).length / 1024;
const starterOver = starter > FIRST_TAP_CEILING;
failed ||= starterOver;

console.log(`Storefront first-route downloads, gzip (budgets: JS ${BUDGET.js} KB, ceiling ${JS_CEILING} KB until it is met; CSS ${BUDGET.css} KB):`);
for (const row of rows) console.log(`  ${row}`);
console.log(`JavaScript before the first tap works (the buying controls are forms): /start.js ${starter.toFixed(1)} KB (ceiling ${FIRST_TAP_CEILING} KB)${starterOver ? '   FAIL' : ''}`);
if (failed) {
  console.error('size: a storefront route is over its CSS budget or JS ceiling, or loads back-office code, or the starter grew past its ceiling.');
  process.exit(1);
}

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { paths } from '#shared/paths.ts';

/** What the storefront's server entry (src/web/entry-server.tsx, built to dist/ssr) answers. */
export type Rendered = { html: string; head: string; state: string };
type Renderer = (url: string, transport: typeof fetch) => Promise<Rendered | null>;

/** A product's and a service's page (`/produtos/12`), the id captured. */
export const PRODUCT_PAGE = /^\/produtos\/(\d{1,10})\/?$/;
export const SERVICE_PAGE = /^\/servicos\/(\d{1,10})\/?$/;

/**
 * The storefront's catalogue pages, rendered on the server, each with the page module routes.tsx loads for
 * it (its key in the Vite manifest): the page's own style sheet and code go in the head, so the HTML is
 * styled as it arrives and the browser takes it over without waiting for another round trip. The rest of
 * the app (cart, account, admin) starts in the browser.
 */
const PAGES: { pattern: RegExp; module: string }[] = [
  { pattern: new RegExp(`^(/|${paths.about}/?)$`), module: 'features/home/home-page.tsx' },
  { pattern: new RegExp(`^(${paths.products}|${paths.digitalProducts})/?$`), module: 'features/catalog/products-page.tsx' },
  { pattern: PRODUCT_PAGE, module: 'features/catalog/product-page.tsx' },
  { pattern: new RegExp(`^${paths.services}/?$`), module: 'features/services/services-page.tsx' },
  { pattern: SERVICE_PAGE, module: 'features/services/service-page.tsx' },
  { pattern: new RegExp(`^${paths.contact}/?$`), module: 'features/contact/contact-page.tsx' },
  { pattern: new RegExp(`^${paths.terms}/?$`), module: 'features/terms/terms-page.tsx' },
];

/** The page modules rendered on the server (a test checks each is one routes.tsx loads). */
export const serverRenderedModules = PAGES.map((page) => page.module);

const pageOf = (path: string) => PAGES.find((page) => page.pattern.test(path));

export const isServerRendered = (path: string) => pageOf(path) !== undefined;

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };

/** What a page's module needs beyond the entry (index.html): its style sheets and its code files. */
export type PageAssets = { css: string[]; js: string[] };

/** A page's style sheets and code from the client build's manifest, less what the entry already loads; none without a manifest. */
export function pageAssets(webDist: string): (path: string) => PageAssets {
  const none: PageAssets = { css: [], js: [] };
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(join(webDist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return () => none;
  }
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loaded = entry ? closure(entry) : new Set<string>();
  const assets = new Map<string, PageAssets>();
  for (const { module } of PAGES) {
    const chunks = [...closure(module)].filter((key) => !loaded.has(key)).map((key) => manifest[key] as ManifestChunk);
    assets.set(module, { css: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map((file) => `/${file}`), js: chunks.map((chunk) => `/${chunk.file}`) });
  }
  return (path) => assets.get(pageOf(path)?.module ?? '') ?? none;
}

/**
 * The API as the server's render calls it: the app answers itself (inject), with no session and no
 * network, and the answer comes back as a fetch Response.
 */
export type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;

export function injectTransport(inject: Inject): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const answer = await inject({ method: (init?.method ?? 'GET') as InjectOptions['method'], url, headers: { accept: 'application/json' } });
    return new Response(answer.statusCode === 304 || answer.statusCode === 204 ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
}

/** The built server entry (dist/ssr/entry-server.js next to dist/web), loaded once; undefined when it was not built. */
export function serverRenderer(webDist: string): (() => Promise<Renderer | undefined>) {
  const file = join(webDist, '..', 'ssr', 'entry-server.js');
  let loaded: Promise<Renderer | undefined> | undefined;
  return () => {
    loaded ??= existsSync(file) ? import(pathToFileURL(file).href).then((module: { render: Renderer }) => module.render) : Promise.resolve(undefined);
    return loaded;
  };
}

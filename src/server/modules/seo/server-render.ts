import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';

/** What the storefront's server entry (src/web/entry-server.tsx, built to dist/ssr) answers for a page it renders. */
export type Rendered = { status: 200 | 404; html: string; head: string; state: string; module: string };
/** Renders a page address (absolute) with the visitor's cookies (the cart page reads its own); null for a page the browser renders alone. */
export type Renderer = (url: string, transport: typeof fetch, cookie?: string) => Promise<Rendered | null>;

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };

/** What a page's module needs beyond the entry (index.html): its style sheets and its code files. */
export type PageAssets = { css: string[]; js: string[] };

/**
 * A page module's style sheets and code (its key in the Vite manifest, as the route table names it) less what
 * the entry already loads, from the client build's manifest; none without a manifest.
 */
export function pageAssets(webDist: string): (module: string) => PageAssets {
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
  return (module) => {
    let found = assets.get(module);
    if (!found) {
      const chunks = [...closure(module)].filter((key) => !loaded.has(key)).map((key) => manifest[key] as ManifestChunk);
      found = { css: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map((file) => `/${file}`), js: chunks.map((chunk) => `/${chunk.file}`) };
      assets.set(module, found);
    }
    return found;
  };
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

/**
 * The built server entry (dist/ssr/entry-server.js next to dist/web), loaded once; undefined when it was not
 * built. A renderer given (tests render from the sources) is used instead.
 */
export function serverRenderer(webDist: string, given?: Renderer): () => Promise<Renderer | undefined> {
  const file = join(webDist, '..', 'ssr', 'entry-server.js');
  let loaded: Promise<Renderer | undefined> | undefined;
  return () => {
    loaded ??=
      given ? Promise.resolve(given)
      : existsSync(file) ? import(pathToFileURL(file).href).then((module: { render: Renderer }) => module.render)
      : Promise.resolve(undefined);
    return loaded;
  };
}

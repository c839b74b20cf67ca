import { dehydrate, type QueryClient, skipToken } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { setApiTransport } from './api/client.ts';
import { AppProviders, newQueryClient, SERVER_STATE } from './app-providers.tsx';
import { HeadTags, HeadWrittenApart, jsonForScript, type PageData } from './head/page-head.tsx';
import type { ServerPageHandle } from './head/server-page.ts';
import { createRoutes } from './routes.tsx';
import { sessionKey } from './session/session.tsx';

/*
 * The storefront's server render (issue #14), built by `vite build --ssr` and called by the server for every
 * page address (modules/seo/app-shell.ts). The route table says which pages are rendered here (routes.tsx,
 * `serverPage`): their loaders run once (React Router's static handler), fetching the page's own data through
 * the app itself and answering its head and status; the page renders, and the queries its parts asked for
 * beyond that (lists, the footer) are fetched and it renders again, until it asks for nothing new. The browser
 * then starts from that cache and the loaders' answers (main.tsx): hydration asks the API for nothing again.
 */

/** Rounds of "render, fetch what it asked for": a page whose data leads to more data (none today) gets two. */
const MAX_PASSES = 3;

export type Rendered = {
  /** 200, or 404 for an address that names nothing (an unknown path, a missing product or service). */
  status: 200 | 404;
  /** The app's HTML, for the shell's root element. */
  html: string;
  /** The page's head tags (title, description, canonical, Open Graph, JSON-LD), from its route. */
  head: string;
  /** Data that hands the query cache and the router's state to the browser; none for a 404, which the browser renders afresh. */
  state: string;
  /** The page's module (routes.tsx), whose style sheet and code the answer names. */
  module: string;
};

/**
 * HTML once everything in it is ready (lazy parts included): a prerender writes no fallbacks and no inline
 * scripts to swap them, which the shop's CSP (script-src 'self') would refuse.
 */
async function renderComplete(element: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element);
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  return html;
}

/** Queries a render asked for and nobody fetched: all but the visitor's own session, which the browser asks for. */
function unfetched(queryClient: QueryClient) {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter(
      (query) =>
        query.state.status === 'pending' &&
        query.state.fetchStatus === 'idle' &&
        query.queryKey[0] !== sessionKey[0] &&
        query.options.queryFn &&
        query.options.queryFn !== skipToken,
    );
}

const isServerPage = (handle: unknown): handle is ServerPageHandle => (handle as ServerPageHandle | undefined)?.serverRendered === true;

/**
 * Renders `url` (absolute) as a visitor with no session sees it. `transport` answers the API's calls (the
 * app's own inject). Null when the browser renders the page alone: a page the route table does not render
 * here, a redirect, or a page whose data cannot be read now.
 */
export async function render(url: string, transport: typeof fetch, cookie = ''): Promise<Rendered | null> {
  setApiTransport(transport);
  const queryClient = newQueryClient();
  const handler = createStaticHandler(createRoutes(queryClient));
  const context = await handler.query(new Request(url, { headers: { cookie } }));
  if (context instanceof Response) return null;
  const leaf = context.matches.at(-1);
  const page = leaf?.route.loader ? (context.loaderData[leaf.route.id] as (PageData & { unavailable?: true }) | undefined) : undefined;
  if (!leaf || !isServerPage(leaf.route.handle) || !page || page.unavailable || context.errors) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const pass = () =>
    renderComplete(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <HeadWrittenApart value>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </HeadWrittenApart>
        </AppProviders>
      </StrictMode>,
    );
  let html = await pass();
  for (let round = 0; round < MAX_PASSES; round++) {
    const waiting = unfetched(queryClient);
    if (!waiting.length) break;
    await Promise.all(waiting.map((query) => queryClient.prefetchQuery({ queryKey: query.queryKey, queryFn: query.options.queryFn })));
    // A query that failed here is asked again by the browser: rendering its error would differ from the
    // browser's first render (errors do not cross to it).
    for (const query of waiting) if (query.state.status === 'error') queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
    html = await pass();
  }
  // Code a page loads lazily (the footer's newsletter form) arrives during the first render, which then
  // sends it as a boundary to fill in by script; rendered again, it is already there, in place.
  for (let round = 0; round < MAX_PASSES && html.includes('<!--$?-->'); round++) html = await pass();
  const head = await renderComplete(<HeadTags head={page.head} jsonLd />);
  const status = context.statusCode === 404 ? 404 : 200;
  // The router's state as the browser's router starts from it: the loaders' answers (the pages' heads).
  const routerState = { loaderData: context.loaderData, actionData: context.actionData, errors: null };
  // Data, not code (type application/json): the CSP lets no inline script run, and none needs to.
  const state =
    status === 404 ? '' : `<script type="application/json" id="${SERVER_STATE}">${jsonForScript({ queries: dehydrate(queryClient), router: routerState })}</script>`;
  return { status, html, head, state, module: leaf.route.handle.module };
}

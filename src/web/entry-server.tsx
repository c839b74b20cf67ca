import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { setApiTransport } from './api/client.ts';
import { AppProviders, newQueryClient, SERVER_STATE } from './app-providers.tsx';
import { routes } from './routes.tsx';
import { sessionKey } from './session/session.tsx';

/*
 * The storefront's server render (issue #14), built by `vite build --ssr` and called by the server for the
 * catalogue's pages (modules/seo/app-shell.ts). The page renders once; the queries it asked for are fetched
 * (through the app itself, no network), and it renders again with their data, until it asks for nothing
 * new. The browser then starts from that cache (main.tsx): hydration asks the API for nothing it already has.
 */

const handler = createStaticHandler(routes);

/** Rounds of "render, fetch what it asked for": a page whose data leads to more data (none today) gets two. */
const MAX_PASSES = 3;

export type Rendered = {
  /** The app's HTML, for the shell's root element. */
  html: string;
  /** The page's own head tags (title, description) React rendered with it. */
  head: string;
  /** Scripts that hand the query cache and the router's state to the browser. */
  state: string;
};

/**
 * The whole page as HTML once everything in it is ready (lazy parts included): a prerender writes no
 * fallbacks and no inline scripts to swap them, which the shop's CSP (script-src 'self') would refuse.
 */
async function renderComplete(element: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element);
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  return html;
}

/** JSON inside a data <script>: nothing in it can close the element or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** Queries a render asked for and nobody fetched: all but the visitor's own session, which the browser asks for. */
function unfetched(queryClient: QueryClient) {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && query.queryKey[0] !== sessionKey[0] && query.options.queryFn);
}

/**
 * Renders `url` (absolute) as a visitor with no session sees it. `transport` answers the API's calls (the
 * app's own inject). Null when the page is not the app's to render (a redirect).
 */
export async function render(url: string, transport: typeof fetch): Promise<Rendered | null> {
  setApiTransport(transport);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = newQueryClient();
  const pass = () =>
    renderComplete(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
    );
  let html = await pass();
  for (let round = 0; round < MAX_PASSES; round++) {
    const waiting = unfetched(queryClient);
    if (!waiting.length) break;
    await Promise.all(waiting.map((query) => queryClient.prefetchQuery({ queryKey: query.queryKey, queryFn: query.options.queryFn })));
    // A query that failed is asked again by the browser: rendering its error here would differ from the
    // browser's first render (errors do not cross to it).
    queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
    html = await pass();
  }
  // Code a page loads lazily (the footer's newsletter form) arrives during the first render, which then
  // sends it as a boundary to fill in by script; rendered again, it is already there, in place.
  for (let round = 0; round < MAX_PASSES && html.includes('<!--$?-->'); round++) html = await pass();
  // React writes the page's <title> and description ahead of the app; they belong in the document's head.
  const hoisted = /^(?:<(?:title|meta|link)\b[^>]*>(?:[^<]*<\/title>)?)*/.exec(html)?.[0] ?? '';
  // The router's state as the browser's router starts from it (no loaders, so little more than "no errors").
  const routerState = { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors };
  // Data, not code (type application/json): the CSP lets no inline script run, and none needs to.
  const state = `<script type="application/json" id="${SERVER_STATE}">${scriptJson({ queries: dehydrate(queryClient), router: routerState })}</script>`;
  return { html: html.slice(hoisted.length), head: hoisted, state };
}

import type { QueryClient } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { ApiError } from '../api/client.ts';
import { PageSpinner } from '../components/page-spinner.tsx';
import type { PageData, PageHead } from './page-head.tsx';

/** What a page's head is made from: its address (`origin` absolute, for canonical and pictures) and its data. */
export type PageArgs = {
  params: LoaderFunctionArgs['params'];
  url: URL;
  origin: string;
  queries: QueryClient;
  /** The visitor's cookies: the request's on the server, the document's in the browser (the cart page reads its own). */
  cookie: string;
};

/** Thrown by a page's `load` for an address that cannot name anything (`/produtos/abc`): a 404 without asking. */
export class PageNotFound extends Error {}

type HeadText = Pick<PageHead, 'title' | 'description'>;

/** One server-rendered page of the route table. */
type ServerPage = {
  path?: string;
  index?: true;
  /** The page's module under src/web, as `lazy` imports it: the server's answer names its style sheet and code. */
  module: string;
  lazy: NonNullable<RouteObject['lazy']>;
  /** The page's title and description; also its head while its data cannot be read. */
  head: HeadText;
  /** The page's one address when it is not its own (`/sobre` is the home page). */
  canonical?: string;
  /** The page's data and the head made from it (a product's page), fetched once before the page renders. */
  load?: (args: PageArgs) => Promise<PageHead>;
  /** The head of a page whose data does not exist (answered 404). */
  notFound?: HeadText;
  /** The page that says an address is none of the shop's: always answered 404, kept out of search engines. */
  status?: 404;
};

/** `?page=2` stays in a list's address (another page of it); search and sort do not (the same items). */
function canonicalOf(url: URL, path?: string) {
  const page = Number(url.searchParams.get('page'));
  return `${url.origin}${path ?? url.pathname}${!path && Number.isSafeInteger(page) && page > 1 ? `?page=${page}` : ''}`;
}

/**
 * The loader of a server-rendered page. On the server it runs once before the render (React Router's static
 * handler), filling the query cache the page reads and answering the page's head; its answer reaches the
 * browser as the router's hydration data, so the browser does not run it again. In the browser it runs before
 * each navigation to the page. A page whose data does not exist answers 404 with its not-found head; one whose
 * data cannot be read now answers its plain head and `unavailable` (the server then sends the app shell).
 */
function pageLoader(queries: QueryClient, page: ServerPage) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const cookie = request.headers.get('cookie') ?? (typeof document === 'undefined' ? '' : document.cookie);
    if (page.status === 404) return data({ head: page.head } satisfies PageData, { status: 404 });
    const plain: PageHead = { ...page.head, canonical: canonicalOf(url, page.canonical) };
    if (!page.load) return { head: plain } satisfies PageData;
    try {
      return { head: await page.load({ params, url, origin: url.origin, queries, cookie }) } satisfies PageData;
    } catch (err) {
      if (err instanceof PageNotFound || (err instanceof ApiError && err.status === 404)) {
        return data({ head: page.notFound ?? page.head } satisfies PageData, { status: 404 });
      }
      return { head: plain, unavailable: true } satisfies PageData & { unavailable: true };
    }
  };
}

/** Marks a route the server renders; the module is read by the server's renderer (entry-server.tsx). */
export type ServerPageHandle = { serverRendered: true; module: string };

export function serverPage(queries: QueryClient, page: ServerPage): RouteObject {
  const handle: ServerPageHandle = { serverRendered: true, module: page.module };
  // Shown while the loader runs on a page the browser starts alone (a 404 rendered afresh, a render that failed).
  const route = { loader: pageLoader(queries, page), lazy: page.lazy, handle, HydrateFallback: PageSpinner };
  return page.index ? { index: true, ...route } : { path: page.path, ...route };
}

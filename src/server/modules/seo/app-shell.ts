import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isAppPath } from '#shared/paths.ts';
import { AppError } from '../../platform/errors.ts';
import { getProduct } from '../catalog/products.ts';
import { getService } from '../services/services.ts';
import { productHeadTags, serviceHeadTags, withHeadTags } from './page-head.ts';
import {
  type Inject,
  injectTransport,
  isServerRendered,
  type PageAssets,
  pageAssets,
  PRODUCT_PAGE,
  type Rendered,
  SERVICE_PAGE,
  serverRenderer,
} from './server-render.ts';

const MAX_ID = 2_147_483_647;

function pageId(pattern: RegExp, url: string): number | undefined {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const id = Number(pattern.exec(path)?.[1]);
  return Number.isInteger(id) && id > 0 && id <= MAX_ID ? id : undefined;
}

/** The product id of a product page's address (`/produtos/12`, query string ignored), if it is one. */
export const productPageId = (url: string) => pageId(PRODUCT_PAGE, url);

/** The service id of a service page's address (`/servicos/3`, query string ignored), if it is one. */
export const servicePageId = (url: string) => pageId(SERVICE_PAGE, url);

/** index.html read once and again only when a rebuild changes it (its mtime or size). */
function shellReader(file: string) {
  let cached: { mtimeMs: number; size: number; html: string } | undefined;
  return async (): Promise<string> => {
    const info = await stat(file);
    if (cached?.mtimeMs !== info.mtimeMs || cached.size !== info.size) {
      cached = { mtimeMs: info.mtimeMs, size: info.size, html: await readFile(file, 'utf8') };
    }
    return cached.html;
  };
}

/** The head tags of the page at `url`, when it is a page that has its own; undefined for any other. */
async function headTagsFor(url: string, options: { db: Db; publicUrl: string; shop: Config['shop'] }): Promise<string | undefined> {
  const productId = productPageId(url);
  if (productId !== undefined) return productHeadTags(await getProduct(options.db, productId), options.publicUrl);
  const serviceId = servicePageId(url);
  if (serviceId !== undefined) return serviceHeadTags(await getService(options.db, serviceId), options);
  return undefined;
}

/**
 * Pages whose HTML the server fills in before the app runs, so crawlers and link previews see the
 * product or service: `render` answers the page's HTML, the plain app shell for any other page, or undefined
 * when the shell could not be read (the caller sends the file).
 */
/** Said on every page while the sandbox is the gateway, outside the app (no script needed, nothing to hydrate). */
const DEMO_NOTICE = '<aside class="demo-notice" aria-label="Aviso">Modo de demonstração: os pagamentos são fictícios</aside>';

const NOINDEX = '<meta name="robots" content="noindex">';

/** An address none of the app's routes matches: rendering it gives the app's not-found page. */
const NOT_FOUND_PAGE = '/pagina-nao-encontrada';

const withDemoNotice = (html: string) => html.replace(/<body([^>]*)>/, `<body$1>${DEMO_NOTICE}`);

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * The shell with a server-rendered page in its root, its head tags and its module's style sheets, and the
 * state the browser starts from. The page can be read without its code, so the code (the entry, what it
 * preloads and the page's module) is not fetched by the head: /start.js fetches it once the page has loaded
 * (src/web/public/start.js), and nothing competes with the style sheets and the main picture.
 */
function withRenderedPage(shell: string, page: Rendered, assets: PageAssets): string {
  const entry = ENTRY_SCRIPT.exec(shell)?.[1];
  const code = entry ? [entry, ...[...shell.matchAll(MODULE_PRELOAD)].map((match) => match[1]), ...assets.js] : [];
  const head = [
    ...assets.css.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    page.head,
    ...(entry ? [`<meta name="loja-app" content="${code.join(' ')}">`, '<script type="module" src="/start.js"></script>'] : []),
  ].join('');
  return (entry ? shell.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '') : shell)
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>${page.state}`)
    .replace(/<\/head>/i, () => `${head}</head>`);
}

export function appShellPages(options: {
  db: Db;
  webDist: string;
  publicUrl: string;
  shop: Config['shop'];
  log: FastifyBaseLogger;
  demoPayments: boolean;
  /** The app answering its own API calls, for the storefront's server render. */
  inject: Inject;
  /** A page not rendered by then is answered 503 with the plain shell (a slow database must not hold it). */
  renderTimeoutMs: number;
}) {
  const read = shellReader(join(options.webDist, 'index.html'));
  const shell = async () => (options.demoPayments ? withDemoNotice(await read()) : read());
  const renderer = serverRenderer(options.webDist);
  const transport = injectTransport(options.inject);
  // Read with the server render (both come from one build), on the first page rendered.
  let assetsOf: ((path: string) => PageAssets) | undefined;
  // The not-found page is the same for every missing address: rendered once, not for each probe of one.
  let notFoundPage: Rendered | undefined;

  /**
   * The catalogue's pages come with their content, a missing page with the not-found page; any failure there
   * falls back to the shell the browser fills.
   */
  async function rendered(url: string, html: string, missing: boolean): Promise<string> {
    const path = url.split(/[?#]/, 1)[0] ?? '/';
    if (!missing && !isServerRendered(path)) return html;
    try {
      const render = await renderer();
      const page = (missing && notFoundPage) || (render && (await render(`${options.publicUrl}${missing ? NOT_FOUND_PAGE : url}`, transport)));
      if (!page) return html;
      if (missing) notFoundPage = page;
      assetsOf ??= pageAssets(options.webDist);
      // The browser renders a missing page afresh (its address is not the one rendered here): no state to take over.
      return missing ? withRenderedPage(html, { ...page, state: '' }, { css: [], js: [] }) : withRenderedPage(html, page, assetsOf(path));
    } catch (err) {
      options.log.warn({ err, url }, 'page not rendered on the server');
      return html;
    }
  }

  /**
   * The page, or past the deadline the plain shell as a 503 (the caller adds Retry-After): the browser's app
   * then asks the API itself and says, in pt-PT, that the shop is unavailable if it still is. The render
   * left behind ends by itself when its statements reach their own deadline.
   */
  async function withinDeadline(url: string): Promise<{ html: string; status: 200 | 404 | 503 } | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), options.renderTimeoutMs)));
    try {
      const page = await Promise.race([renderPage(url), late]);
      if (page !== 'late') return page;
      options.log.warn({ url, ms: options.renderTimeoutMs }, 'page not rendered in time: answered 503');
      return { html: await shell(), status: 503 };
    } catch {
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  async function renderPage(url: string): Promise<{ html: string; status: 200 | 404 } | undefined> {
    let tags: string | undefined;
    // A path that is none of the app's pages, an unknown or archived product, an unknown service: a 404
    // with the app's not-found page, kept out of search engines.
    let missing = !isAppPath(url.split(/[?#]/, 1)[0] ?? '/');
    if (!missing) {
      try {
        tags = await headTagsFor(url, options);
      } catch (err) {
        if (err instanceof AppError && err.status === 404) missing = true;
        // Anything else (database away) gets the plain shell, logged: the page still works.
        else options.log.warn({ err, url }, 'page head not rendered');
      }
    }
    try {
      // The plain shell is sent from here too, not as a file: streaming it awaited the reply three times,
      // each adding close listeners to the response (MaxListenersExceededWarning).
      const html = await shell();
      const page = await rendered(url, html, missing);
      if (missing) return { html: page.replace(/<\/head>/i, () => `${NOINDEX}</head>`), status: 404 };
      return { html: tags === undefined ? page : withHeadTags(page, tags), status: 200 };
    } catch (err) {
      options.log.warn({ err, url }, 'app shell not read (mid-build?)');
      return undefined;
    }
  }

  return { render: withinDeadline };
}

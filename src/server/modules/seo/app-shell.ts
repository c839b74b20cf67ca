import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type Inject, injectTransport, type PageAssets, pageAssets, type Rendered, type Renderer, serverRenderer } from './server-render.ts';

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

/** Said on every page while the sandbox is the gateway, outside the app (no script needed, nothing to hydrate). */
const DEMO_NOTICE = '<aside class="demo-notice" aria-label="Aviso">Modo de demonstração: os pagamentos são fictícios</aside>';

const withDemoNotice = (html: string) => html.replace(/<body([^>]*)>/, `<body$1>${DEMO_NOTICE}`);

// The shell is index.html as Vite built it (not rendered HTML): its entry script and the modules it preloads.
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
    .replace('</head>', () => `${head}</head>`);
}

/**
 * Every page address of the app. The storefront's route table (src/web/routes.tsx) decides, through the server
 * render, which pages are rendered here, with which head and which status (404 for an address that names
 * nothing); the others get the plain app shell, which the browser fills. Anything the render cannot do (an
 * error, a missing build) falls back to that shell too, logged: the page still works in the browser.
 */
export function appShellPages(options: {
  webDist: string;
  publicUrl: string;
  log: FastifyBaseLogger;
  demoPayments: boolean;
  /** The app answering its own API calls, for the storefront's server render. */
  inject: Inject;
  /** A page not rendered by then is answered 503 with the plain shell (a slow database must not hold it). */
  renderTimeoutMs: number;
  /** The server render when it is not the built one (tests render from the sources). */
  renderer?: Renderer;
}) {
  const read = shellReader(join(options.webDist, 'index.html'));
  const shell = async () => (options.demoPayments ? withDemoNotice(await read()) : read());
  const renderer = serverRenderer(options.webDist, options.renderer);
  const transport = injectTransport(options.inject);
  // Read with the server render (both come from one build), on the first page rendered.
  let assetsOf: ((module: string) => PageAssets) | undefined;

  async function renderPage(url: string, cookie: string): Promise<{ html: string; status: 200 | 404 } | undefined> {
    let html: string;
    try {
      // The plain shell is sent from here too, not as a file: streaming it awaited the reply three times,
      // each adding close listeners to the response (MaxListenersExceededWarning).
      html = await shell();
    } catch (err) {
      options.log.warn({ err, url }, 'app shell not read (mid-build?)');
      return undefined;
    }
    try {
      const render = await renderer();
      const page = render && (await render(`${options.publicUrl}${url}`, transport, cookie));
      if (!page) return { html, status: 200 };
      assetsOf ??= pageAssets(options.webDist);
      // A missing page takes over no state (the browser renders its address afresh): its code is not named.
      return { html: withRenderedPage(html, page, page.status === 404 ? { css: assetsOf(page.module).css, js: [] } : assetsOf(page.module)), status: page.status };
    } catch (err) {
      options.log.warn({ err, url }, 'page not rendered on the server');
      return { html, status: 200 };
    }
  }

  /**
   * The page, or past the deadline the plain shell as a 503 (the caller adds Retry-After): the browser's app
   * then asks the API itself and says, in pt-PT, that the shop is unavailable if it still is. The render
   * left behind ends by itself when its statements reach their own deadline.
   */
  async function withinDeadline(url: string, cookie = ''): Promise<{ html: string; status: 200 | 404 | 503 } | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), options.renderTimeoutMs)));
    try {
      const page = await Promise.race([renderPage(url, cookie), late]);
      if (page !== 'late') return page;
      options.log.warn({ url, ms: options.renderTimeoutMs }, 'page not rendered in time: answered 503');
      return { html: await shell(), status: 503 };
    } catch {
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  return { render: withinDeadline };
}

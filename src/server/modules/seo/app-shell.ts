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

const PRODUCT_PAGE = /^\/produtos\/(\d{1,10})\/?$/;
const SERVICE_PAGE = /^\/servicos\/(\d{1,10})\/?$/;
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

const withDemoNotice = (html: string) => html.replace(/<body([^>]*)>/, `<body$1>${DEMO_NOTICE}`);

export function appShellPages(options: {
  db: Db;
  webDist: string;
  publicUrl: string;
  shop: Config['shop'];
  log: FastifyBaseLogger;
  demoPayments: boolean;
}) {
  const read = shellReader(join(options.webDist, 'index.html'));
  const shell = async () => (options.demoPayments ? withDemoNotice(await read()) : read());
  return {
    async render(url: string): Promise<{ html: string; status: 200 | 404 } | undefined> {
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
        if (missing) return { html: html.replace(/<\/head>/i, () => `${NOINDEX}</head>`), status: 404 };
        return { html: tags === undefined ? html : withHeadTags(html, tags), status: 200 };
      } catch (err) {
        options.log.warn({ err, url }, 'app shell not read (mid-build?)');
        return undefined;
      }
    },
  };
}

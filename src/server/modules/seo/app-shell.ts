import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
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
 * product or service: `render` answers the page's HTML, or undefined for a page sent as the plain app shell.
 */
export function appShellPages(options: { db: Db; webDist: string; publicUrl: string; shop: Config['shop']; log: FastifyBaseLogger }) {
  const shell = shellReader(join(options.webDist, 'index.html'));
  return {
    async render(url: string): Promise<string | undefined> {
      try {
        const tags = await headTagsFor(url, options);
        return tags === undefined ? undefined : withHeadTags(await shell(), tags);
      } catch (err) {
        // An unknown or archived product (or an unknown service) gets the plain shell: the app shows its own
        // not-found page. Anything else (database away, shell missing mid-build) too, logged: the page still works.
        if (!(err instanceof AppError && err.status === 404)) options.log.warn({ err, url }, 'page head not rendered');
        return undefined;
      }
    },
  };
}

import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { getProduct } from '../catalog/products.ts';
import { productHeadTags, withHeadTags } from './page-head.ts';

const PRODUCT_PAGE = /^\/produtos\/(\d{1,10})\/?$/;
const MAX_ID = 2_147_483_647;

/** The product id of a product page's address (`/produtos/12`, query string ignored), if it is one. */
export function productPageId(url: string): number | undefined {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const id = Number(PRODUCT_PAGE.exec(path)?.[1]);
  return Number.isInteger(id) && id > 0 && id <= MAX_ID ? id : undefined;
}

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

/**
 * Pages whose HTML the server fills in before the app runs, so crawlers and link previews see the
 * product: `render` answers the page's HTML, or undefined for a page sent as the plain app shell.
 */
export function appShellPages(options: { db: Db; webDist: string; publicUrl: string; log: FastifyBaseLogger }) {
  const shell = shellReader(join(options.webDist, 'index.html'));
  return {
    async render(url: string): Promise<string | undefined> {
      const id = productPageId(url);
      if (id === undefined) return undefined;
      try {
        const product = await getProduct(options.db, id);
        return withHeadTags(await shell(), productHeadTags(product, options.publicUrl));
      } catch (err) {
        // An unknown or archived product gets the plain shell: the app shows its own not-found page.
        // Anything else (database away, shell missing mid-build) too, logged: the page still works.
        if (!(err instanceof AppError && err.status === 404)) options.log.warn({ err }, 'product page head not rendered');
        return undefined;
      }
    },
  };
}

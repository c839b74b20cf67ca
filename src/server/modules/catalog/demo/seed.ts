import { availableParallelism } from 'node:os';
import { sql } from 'drizzle-orm';
import { productFields } from '#shared/schemas/catalog.ts';
import { collectionBody } from '#shared/schemas/collections.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { mediaByName, putMedia } from '../../media/images.ts';
import { processImage, type ProcessedImage } from '../../media/processing.ts';
import { createCollection } from '../collections.ts';
import { createProduct } from '../products.ts';
import { products } from '../tables.ts';
import { aboutArtwork, productArtwork } from './artwork.ts';
import { demoCatalogue, demoCollections, type DemoProduct } from './catalogue.ts';

// Two seeds at once (two `npm run db:seed` on one PostgreSQL) must not both fill the shop.
const SEED_LOCK = 72_616_902;
const ABOUT_IMAGE = 'Sobre';

const isEmpty = async (db: Db) => (await db.select({ id: products.id }).from(products).limit(1)).length === 0;

/** The product form's fields, through the admin form's own rules: a demo product is a valid product. */
function formFields(item: DemoProduct, position: number) {
  return productFields.parse({
    name: item.name,
    description: item.description,
    order: (position + 1) * 10,
    price: item.price,
    stock: item.stock,
    isDigital: item.isDigital ?? false,
    link: item.link,
    hasVariants: Boolean(item.variants?.length),
    unit_quantity: item.unitQuantity,
    unit: item.unit,
    weight_grams: item.weightGrams,
    variants: item.variants ?? [],
  });
}

function artworkOf(item: DemoProduct): string[] {
  const base = { name: item.name, motif: item.motif, palette: item.palette };
  const views = [productArtwork({ ...base, view: 0 })];
  for (const extra of item.extra ?? []) {
    views.push(extra === 'pattern' ? productArtwork({ ...base, view: 2 }) : productArtwork({ ...base, view: 1, caption: extra }));
  }
  return views;
}

/** Runs `work` over the items, `limit` at a time (sharp works on libuv's thread pool, one image per core). */
async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const render = (svg: string) => processImage(Buffer.from(svg), { allowSvg: true });

async function hasAboutImage(db: Db) {
  try {
    await mediaByName(db, ABOUT_IMAGE);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return false;
    throw err;
  }
}

/**
 * Fills an empty shop with the demo catalogue (24 products, their pictures, two published collections, and the
 * home page's 'Sobre' picture when the library has none). Does nothing when any product exists, archived ones
 * included, so it is safe to run at every start. Answers how many products it created.
 */
export async function seedDemoCatalogue(db: Db): Promise<number> {
  if (!(await isEmpty(db))) return 0;

  // Pictures first, outside the transaction: a few seconds of image work must not hold it open.
  const svgs = demoCatalogue.map(artworkOf);
  const flat = svgs.flat();
  const rendered = await mapLimited([...flat, aboutArtwork()], Math.max(2, availableParallelism()), render);
  const about = rendered.pop() as ProcessedImage;
  let offset = 0;
  const uploads = svgs.map((views) => rendered.slice(offset, (offset += views.length)));

  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    if (!(await isEmpty(tx))) return 0;
    const ids = new Map<string, number>();
    for (const [position, item] of demoCatalogue.entries()) {
      ids.set(item.name, (await createProduct(tx, formFields(item, position), uploads[position] ?? [])).id);
    }
    for (const group of demoCollections) {
      const productIds = group.products.map((name) => ids.get(name) ?? Number.NaN);
      await createCollection(tx, collectionBody.parse({ name: group.name, description: group.description, sort: group.sort, product_ids: productIds, published: true }));
    }
    if (!(await hasAboutImage(tx))) await putMedia(tx, ABOUT_IMAGE, about);
    return demoCatalogue.length;
  });
}

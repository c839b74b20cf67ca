import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { ImageRef, MediaImage } from '#shared/schemas/catalog.ts';
import { mediaMessages } from '#shared/schemas/catalog.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { renditionFrom, widthsFor, type ProcessedImage } from './processing.ts';
import { imageFiles, images } from './tables.ts';
import { recordChange } from '../audit/audit.ts';

export type ImageRow = typeof images.$inferSelect;
type Versioned = Pick<ImageRow, 'id' | 'width' | 'version'>;

export const imageUrl = (image: Pick<ImageRow, 'id' | 'version'>, rendition: string | number) =>
  `/api/images/${image.id}/${image.version}/${rendition}.webp`;

export function toImageRef(image: Versioned & Pick<ImageRow, 'height'>): ImageRef {
  const widths = widthsFor(image.width);
  const medium = widths.filter((w) => w <= 1024).at(-1) ?? widths[0] ?? image.width;
  return {
    id: image.id,
    src: imageUrl(image, medium),
    srcset: widths.map((w) => `${imageUrl(image, w)} ${w}w`).join(', '),
    thumbnail: imageUrl(image, 'thumb'),
    width: image.width,
    height: image.height,
  };
}

export function toMediaImage(image: ImageRow): MediaImage {
  const ref = toImageRef(image);
  return {
    id: image.id,
    name: image.name ?? '',
    url: imageUrl(image, widthsFor(image.width).at(-1) ?? image.width),
    thumbnail: ref.thumbnail,
    srcset: ref.srcset,
    width: image.width,
    height: image.height,
    size: image.size,
    createdAt: image.createdAt.toISOString(),
  };
}

async function writeFiles(tx: Tx, imageId: number, processed: ProcessedImage) {
  await tx.insert(imageFiles).values(
    processed.renditions.map((r) => ({
      imageId,
      rendition: r.rendition,
      width: r.width,
      height: r.height,
      contentType: 'image/webp',
      bytes: r.bytes,
    })),
  );
}

export async function storeImage(tx: Tx, kind: ImageRow['kind'], name: string | null, processed: ProcessedImage): Promise<ImageRow> {
  const [row] = await tx
    .insert(images)
    .values({ kind, name, width: processed.width, height: processed.height, size: processed.size, version: processed.version })
    .returning();
  if (!row) throw new Error('image not stored');
  await writeFiles(tx, row.id, processed);
  return row;
}

export async function deleteImages(tx: Tx, ids: number[]) {
  if (ids.length) await tx.delete(images).where(inArray(images.id, ids));
}

/**
 * One rendition's bytes, only under its current version (an old URL is a 404, not stale bytes). A width the image
 * should have but was stored without (480 came later) is made once from its next larger rendition, and kept.
 */
export async function imageFile(db: Db, id: number, version: string, rendition: string) {
  const [row] = await db
    .select({ bytes: imageFiles.bytes, contentType: imageFiles.contentType })
    .from(imageFiles)
    .innerJoin(images, eq(images.id, imageFiles.imageId))
    .where(and(eq(imageFiles.imageId, id), eq(imageFiles.rendition, rendition), eq(images.version, version)))
    .limit(1);
  return row ?? (/^\d+$/.test(rendition) ? addedWidth(db, id, version, Number(rendition)) : undefined);
}

async function addedWidth(db: Db, id: number, version: string, width: number) {
  const [image] = await db.select({ width: images.width }).from(images).where(and(eq(images.id, id), eq(images.version, version))).limit(1);
  if (!image || !widthsFor(image.width).includes(width)) return undefined;
  // Only the next larger width's bytes are read, not every rendition's.
  const [source] = await db
    .select({ bytes: imageFiles.bytes })
    .from(imageFiles)
    .where(and(eq(imageFiles.imageId, id), ne(imageFiles.rendition, 'thumb'), gt(imageFiles.width, width)))
    .orderBy(asc(imageFiles.width))
    .limit(1);
  if (!source) return undefined;
  const made = await renditionFrom(source.bytes, width);
  const file = { rendition: made.rendition, width: made.width, height: made.height, contentType: 'image/webp', bytes: made.bytes };
  // Two processes asked at once make it twice; one row is kept.
  await db.insert(imageFiles).values({ imageId: id, ...file }).onConflictDoNothing();
  return { bytes: file.bytes, contentType: file.contentType };
}

const mediaName = (name: string) => and(eq(images.kind, 'media'), sql`lower(${images.name}) = ${name.toLowerCase()}`);

export async function listMedia(db: Db): Promise<MediaImage[]> {
  const rows = await db.select().from(images).where(eq(images.kind, 'media')).orderBy(asc(images.name));
  return rows.map(toMediaImage);
}

export async function mediaByName(db: Db, name: string): Promise<MediaImage> {
  const [row] = await db.select().from(images).where(mediaName(name)).limit(1);
  if (!row) throw notFound(mediaMessages.imageNotFound);
  return toMediaImage(row);
}

/** Stores a library image under its name; an upload with a name in use replaces that image (new URLs). */
export async function putMedia(db: Db, name: string, processed: ProcessedImage): Promise<MediaImage> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(images).where(mediaName(name)).limit(1).for('update');
    if (!existing) {
      const created = await storeImage(tx, 'media', name, processed);
      await recordChange(tx, { entity: 'media', entityId: created.id, action: 'create', after: { name, width: processed.width, height: processed.height } });
      return toMediaImage(created);
    }
    await tx.delete(imageFiles).where(eq(imageFiles.imageId, existing.id));
    await writeFiles(tx, existing.id, processed);
    const [row] = await tx
      .update(images)
      .set({ width: processed.width, height: processed.height, size: processed.size, version: processed.version, createdAt: new Date() })
      .where(eq(images.id, existing.id))
      .returning();
    await recordChange(tx, {
      entity: 'media',
      entityId: existing.id,
      action: 'update',
      before: { name: existing.name, version: existing.version, width: existing.width, height: existing.height },
      after: { name: existing.name, version: processed.version, width: processed.width, height: processed.height },
    });
    return toMediaImage(row ?? existing);
  });
}

export async function deleteMedia(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(images).where(and(eq(images.id, id), eq(images.kind, 'media'))).returning({ id: images.id, name: images.name });
    if (!row) throw notFound(mediaMessages.imageNotFound);
    await recordChange(tx, { entity: 'media', entityId: id, action: 'delete', before: { name: row.name } });
  });
}

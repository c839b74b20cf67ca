import { and, asc, desc, eq } from 'drizzle-orm';
import { paths } from '#shared/paths.ts';
import { toCents, toEuros } from '#shared/money.ts';
import { serviceMessages, type Service, type ServiceFields } from '#shared/schemas/services.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { foldedName, nameHasWords, nameStartsWith, searchWords } from '../../platform/search-words.ts';
import { recordChange } from '../audit/audit.ts';
import { deleteImages, storeImage, toImageRef } from '../media/images.ts';
import type { ProcessedImage } from '../media/processing.ts';
import { images } from '../media/tables.ts';
import { services } from './tables.ts';

type ServiceRow = typeof services.$inferSelect;
type ImageRow = typeof images.$inferSelect;

// Names sort as a Portuguese reader expects ('Área' beside 'Arrumação', not after 'Z'), on either engine.
const byName = new Intl.Collator('pt-PT', { sensitivity: 'base', numeric: true });

function toService(row: ServiceRow, image: ImageRow | null): Service {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    short_description: row.shortDescription,
    schedule_link: row.scheduleLink,
    order: row.displayOrder,
    image: image ? toImageRef(image) : null,
    price: row.priceCents === null ? null : toEuros(row.priceCents),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const withImage = (db: Tx) => db.select({ service: services, image: images }).from(services).leftJoin(images, eq(images.id, services.imageId));

/** `GET /service`: every service, by display order, then by name (backoffice.md §5). */
export async function listServices(db: Db): Promise<Service[]> {
  const rows = await withImage(db).orderBy(asc(services.displayOrder), asc(services.id));
  return rows
    .map((r) => toService(r.service, r.image))
    .sort((a, b) => a.order - b.order || byName.compare(a.name, b.name) || a.id - b.id);
}

export async function getService(db: Tx, id: number): Promise<Service> {
  const [row] = await withImage(db).where(eq(services.id, id)).limit(1);
  if (!row) throw notFound(serviceMessages.notFound);
  return toService(row.service, row.image);
}

/** The header's service suggestions: the product search's matching (decision 0043), names beginning with the first word first. */
export async function suggestServices(db: Db, q: string, limit: number) {
  const words = searchWords(q);
  if (!words[0]) return [];
  const rows = await withImage(db)
    .where(and(...nameHasWords(foldedName(services.name), words)))
    .orderBy(desc(nameStartsWith(foldedName(services.name), words[0])), asc(services.displayOrder), asc(services.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.service.id, name: r.service.name, image: r.image ? toImageRef(r.image).thumbnail : null, url: paths.service(r.service.id) }));
}

/** Every service's page and when it last changed, for the sitemap. */
export async function servicePages(db: Db): Promise<{ id: number; updatedAt: Date }[]> {
  return db.select({ id: services.id, updatedAt: services.updatedAt }).from(services).orderBy(asc(services.displayOrder), asc(services.id));
}

function rowValues(fields: ServiceFields) {
  return {
    name: fields.name,
    description: fields.description,
    shortDescription: fields.short_description,
    scheduleLink: fields.schedule_link,
    priceCents: fields.price,
    displayOrder: fields.order,
  };
}

/** What the audit log keeps of a service (its price in cents). */
const audited = (s: Service) => ({
  name: s.name,
  shortDescription: s.short_description,
  scheduleLink: s.schedule_link,
  order: s.order,
  priceCents: s.price === null ? null : toCents(s.price),
  image: s.image?.src ?? null,
});

/** Creates a service; its picture (already checked and re-encoded) is stored in the same transaction. */
export async function createService(db: Tx, fields: ServiceFields, upload: ProcessedImage | null): Promise<Service> {
  return db.transaction(async (tx) => {
    const image = upload ? await storeImage(tx, 'service', null, upload) : null;
    const [row] = await tx
      .insert(services)
      .values({ ...rowValues(fields), imageId: image?.id ?? null })
      .returning();
    if (!row) throw new Error('service not stored');
    const created = toService(row, image);
    await recordChange(tx, { entity: 'service', entityId: row.id, action: 'create', after: audited(created) });
    return created;
  });
}

/**
 * Replaces a service's fields. A new picture replaces the old one; `removeImage` without a new picture
 * leaves the service without one. The image a service no longer shows is deleted, never orphaned.
 */
export async function updateService(db: Db, id: number, fields: ServiceFields, upload: ProcessedImage | null): Promise<Service> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ imageId: services.imageId }).from(services).where(eq(services.id, id)).limit(1).for('update');
    if (!current) throw notFound(serviceMessages.notFound);
    const before = await getService(tx, id);
    let imageId = current.imageId;
    if (upload) imageId = (await storeImage(tx, 'service', null, upload)).id;
    else if (fields.removeImage) imageId = null;
    await tx
      .update(services)
      .set({ ...rowValues(fields), imageId, updatedAt: new Date() })
      .where(eq(services.id, id));
    if (current.imageId !== null && current.imageId !== imageId) await deleteImages(tx, [current.imageId]);
    const after = await getService(tx, id);
    await recordChange(tx, { entity: 'service', entityId: id, action: 'update', before: audited(before), after: audited(after) });
    return after;
  });
}

/** Deletes a service and its picture. */
export async function deleteService(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getService(tx, id);
    const [row] = await tx.delete(services).where(eq(services.id, id)).returning({ imageId: services.imageId });
    if (!row) throw notFound(serviceMessages.notFound);
    if (row.imageId !== null) await deleteImages(tx, [row.imageId]);
    await recordChange(tx, { entity: 'service', entityId: id, action: 'delete', before: audited(before) });
  });
}

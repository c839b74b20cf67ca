import { asc, count, eq, sql } from 'drizzle-orm';
import { countryName } from '#shared/countries.ts';
import { type ShippingZoneAnswer, type ShippingZoneValues, zoneMessages } from '#shared/schemas/zones.ts';
import { isPortugueseZone, shippingZoneLabel, zoneOfPostalCode } from '#shared/shipping.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { recordChange } from '../audit/audit.ts';
import { shippingMethods, shippingZones } from './tables.ts';

/* The owner's own zones (decision 0055): the EU countries beyond Portugal she ships to, grouped. */

type ZoneRow = typeof shippingZones.$inferSelect;

const toZone = (row: ZoneRow, methods: number): ShippingZoneAnswer => ({ id: row.id, code: row.code, name: row.name, countries: row.countries, methods });
const audited = (row: Pick<ZoneRow, 'code' | 'name' | 'countries'>) => ({ code: row.code, name: row.name, countries: row.countries.join(', ') });

async function methodCounts(db: Db | Tx): Promise<Map<string, number>> {
  const rows = await db.select({ zone: shippingMethods.zone, n: count() }).from(shippingMethods).groupBy(shippingMethods.zone);
  return new Map(rows.map((r) => [r.zone, r.n]));
}

export async function listZones(db: Db | Tx): Promise<ShippingZoneAnswer[]> {
  const [rows, counts] = await Promise.all([db.select().from(shippingZones).orderBy(asc(shippingZones.name), asc(shippingZones.id)), methodCounts(db)]);
  return rows.map((row) => toZone(row, counts.get(row.code) ?? 0));
}

/** Zone writes one at a time: two zones cannot take the same country (or code) between a check and its insert. */
const lockZones = (tx: Tx) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('shipping-zones'))`);

/** Refuses a code or a country another zone already has. */
async function checkFree(tx: Tx, values: ShippingZoneValues, exceptId: number | null) {
  const others = (await tx.select().from(shippingZones)).filter((z) => z.id !== exceptId);
  if (others.some((z) => z.code === values.code)) throw conflict(zoneMessages.codeTaken, { code: zoneMessages.codeTaken });
  for (const country of values.countries) {
    const holder = others.find((z) => z.countries.includes(country));
    if (holder) {
      const message = zoneMessages.countryTaken.replace('{country}', countryName(country)).replace('{zone}', holder.name);
      throw invalid(message, { countries: message });
    }
  }
}

export async function createZone(db: Db, values: ShippingZoneValues): Promise<ShippingZoneAnswer> {
  return db.transaction(async (tx) => {
    await lockZones(tx);
    await checkFree(tx, values, null);
    const [row] = await tx.insert(shippingZones).values(values).returning();
    if (!row) throw new Error('shipping zone not stored');
    await recordChange(tx, { entity: 'shipping-zone', entityId: row.id, action: 'create', after: audited(row) });
    return toZone(row, 0);
  });
}

async function lockedZone(tx: Tx, id: number) {
  const [row] = await tx.select().from(shippingZones).where(eq(shippingZones.id, id)).limit(1).for('update');
  if (!row) throw notFound(zoneMessages.notFound);
  return row;
}

/** A new code carries the zone's methods with it (they name the zone by its code). */
export async function updateZone(db: Db, id: number, values: ShippingZoneValues): Promise<ShippingZoneAnswer> {
  return db.transaction(async (tx) => {
    await lockZones(tx);
    const before = await lockedZone(tx, id);
    await checkFree(tx, values, id);
    const [row] = await tx.update(shippingZones).set({ ...values, updatedAt: new Date() }).where(eq(shippingZones.id, id)).returning();
    if (!row) throw new Error('shipping zone vanished under its lock');
    if (row.code !== before.code) await tx.update(shippingMethods).set({ zone: row.code, updatedAt: new Date() }).where(eq(shippingMethods.zone, before.code));
    await recordChange(tx, { entity: 'shipping-zone', entityId: id, action: 'update', before: audited(before), after: audited(row) });
    return toZone(row, (await methodCounts(tx)).get(row.code) ?? 0);
  });
}

/** Refused while a method ships to it: the owner deletes or moves them first. */
export async function deleteZone(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockZones(tx);
    const before = await lockedZone(tx, id);
    const [used] = await tx.select({ n: count() }).from(shippingMethods).where(eq(shippingMethods.zone, before.code));
    if (used && used.n > 0) throw conflict(zoneMessages.inUse.replace('{count}', String(used.n)));
    await tx.delete(shippingZones).where(eq(shippingZones.id, id));
    await recordChange(tx, { entity: 'shipping-zone', entityId: id, action: 'delete', before: audited(before) });
  });
}

/**
 * A method's zone must exist while the method is written: Portugal's, or an added one, held (shared lock on the
 * zone writes) until the method's transaction ends, so a zone cannot be deleted under a method being added to it.
 */
export async function checkZoneExists(tx: Tx, zone: string): Promise<void> {
  if (isPortugueseZone(zone)) return;
  await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(hashtext('shipping-zones'))`);
  const [row] = await tx.select({ id: shippingZones.id }).from(shippingZones).where(eq(shippingZones.code, zone)).limit(1);
  if (!row) throw invalid(zoneMessages.unknownZone, { zone: zoneMessages.unknownZone });
}

/** An address's zone: Portugal's from its postcode (the mainland's while none is known), else the zone that lists its country. */
export async function zoneOfAddress(db: Db | Tx, country: string, postalCode: string | null): Promise<{ code: string; name: string } | null> {
  if (country === 'PT') {
    const zone = (postalCode && zoneOfPostalCode(postalCode)) || 'continente';
    return { code: zone, name: shippingZoneLabel[zone] };
  }
  const [row] = await db
    .select({ code: shippingZones.code, name: shippingZones.name })
    .from(shippingZones)
    .where(sql`${country} = ANY(${shippingZones.countries})`)
    .limit(1);
  return row ?? null;
}

/** Where the shop ships beyond Portugal: the countries of the owner's zones (the checkout's country select). */
export async function zoneCountries(db: Db | Tx): Promise<string[]> {
  const rows = await db.select({ countries: shippingZones.countries }).from(shippingZones);
  return [...new Set(rows.flatMap((r) => r.countries))].sort();
}

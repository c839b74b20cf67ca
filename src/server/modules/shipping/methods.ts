import { asc, eq } from 'drizzle-orm';
import { countryName } from '#shared/countries.ts';
import { orderMessages } from '#shared/schemas/order-messages.ts';
import { type Basket, defaultOption, homeDelivery, type ShippingOption, shippingOptions, type ShippingRules } from '#shared/shipping.ts';
import { shippingMessages, type ShippingMethod, type ShippingMethodValues, toShippingMethod } from '#shared/schemas/shipping.ts';
import type { Db, Tx } from '../../db/client.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { recordChange } from '../audit/audit.ts';
import { shippingMethods } from './tables.ts';
import { checkZoneExists, zoneOfAddress } from './zones.ts';

/* The owner's shipping methods (the "Envios" tab) and the choice of one for an order's address (decision 0046). */

type MethodRow = typeof shippingMethods.$inferSelect;

/** A method's rules are its row but for when it was written. */
const toRules = ({ createdAt: _created, updatedAt: _updated, ...rules }: MethodRow): ShippingRules => rules;

/** Every method, by zone then age (the back office's list); `activeOnly` for what customers are offered. */
export async function shippingRules(db: Db | Tx, activeOnly = false): Promise<ShippingRules[]> {
  const rows = await db
    .select()
    .from(shippingMethods)
    .where(activeOnly ? eq(shippingMethods.active, true) : undefined)
    .orderBy(asc(shippingMethods.zone), asc(shippingMethods.id));
  return rows.map(toRules);
}

export const listMethods = async (db: Db, activeOnly = false): Promise<ShippingMethod[]> => (await shippingRules(db, activeOnly)).map(toShippingMethod);

/** What the audit log keeps of a method: the rules in cents, as the owner set them. */
const audited = (m: ShippingRules) => ({
  zone: m.zone,
  name: m.name,
  kind: m.kind,
  priceCents: m.priceCents,
  bands: m.bands.map((b) => `${b.upTo ?? '∞'}: ${b.priceCents}`),
  freeAboveCents: m.freeAboveCents,
  days: `${m.daysMin}-${m.daysMax}`,
  active: m.active,
  pickup: m.pickupAddress ? `${m.pickupAddress} (${m.pickupHours ?? ''})` : null,
});

export async function createMethod(db: Db, values: ShippingMethodValues): Promise<ShippingMethod> {
  return db.transaction(async (tx) => {
    await checkZoneExists(tx, values.zone);
    const [row] = await tx.insert(shippingMethods).values(values).returning();
    if (!row) throw new Error('shipping method not stored');
    await recordChange(tx, { entity: 'shipping-method', entityId: row.id, action: 'create', after: audited(toRules(row)) });
    return toShippingMethod(toRules(row));
  });
}

async function lockedMethod(tx: Tx, id: number) {
  const [row] = await tx.select().from(shippingMethods).where(eq(shippingMethods.id, id)).limit(1).for('update');
  if (!row) throw notFound(shippingMessages.notFound);
  return row;
}

export async function updateMethod(db: Db, id: number, values: ShippingMethodValues): Promise<ShippingMethod> {
  return db.transaction(async (tx) => {
    const before = await lockedMethod(tx, id);
    await checkZoneExists(tx, values.zone);
    const [row] = await tx
      .update(shippingMethods)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(shippingMethods.id, id))
      .returning();
    if (!row) throw new Error('shipping method vanished under its lock');
    await recordChange(tx, { entity: 'shipping-method', entityId: id, action: 'update', before: audited(toRules(before)), after: audited(toRules(row)) });
    return toShippingMethod(toRules(row));
  });
}

/** Orders that shipped by it keep its name, zone and charge (their reference to it becomes empty). */
export async function deleteMethod(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockedMethod(tx, id);
    await tx.delete(shippingMethods).where(eq(shippingMethods.id, id));
    await recordChange(tx, { entity: 'shipping-method', entityId: id, action: 'delete', before: audited(toRules(before)) });
  });
}

/** How an order ships: the method, the zone of its address and what it charges. */
export type ShippingChoice = {
  zone: string;
  zoneName: string;
  options: ShippingOption[];
  chosen: ShippingOption | undefined;
  /** The zone's home delivery the cart's "Faltam … para portes grátis" speaks of. */
  home: ShippingRules | undefined;
  /** No zone serves the address's country: why nothing is offered (pt-PT). */
  notServed: string | null;
};

/**
 * The methods that serve an address's zone for a basket (the mainland's while no postcode is known; a foreign
 * country's zone is the added zone that lists it, none: nothing offered), and the one that applies: the
 * customer's, refused with a 400 when it does not serve the address, else the cheapest that delivers to the door.
 */
export async function chooseShipping(tx: Db | Tx, address: { country: string; postalCode: string | null }, methodId: number | null, basket: Basket): Promise<ShippingChoice> {
  const zone = await zoneOfAddress(tx, address.country, address.postalCode);
  if (!zone) {
    const notServed = orderMessages.notServed.replace('{country}', countryName(address.country));
    return { zone: '', zoneName: countryName(address.country), options: [], chosen: undefined, home: undefined, notServed };
  }
  const rules = await shippingRules(tx, true);
  const options = shippingOptions(rules, zone.code, basket);
  const home = homeDelivery(rules, zone.code);
  const choice = { zone: zone.code, zoneName: zone.name, options, home, notServed: null };
  if (methodId === null) return { ...choice, chosen: defaultOption(options) };
  const chosen = options.find((o) => o.method.id === methodId);
  if (!chosen) throw invalid(shippingMessages.methodRefused, { shipping_method_id: shippingMessages.methodRefused });
  return { ...choice, chosen };
}

import { valuesOf } from './labelled.ts';
import { type Cents, formatCents } from './money.ts';
import type { ShippingMethod } from './schemas/shipping.ts';

/*
 * Shipping the Portuguese way (issue #29, decision 0046): the zone comes from the 7-digit postcode, each zone
 * has the owner's methods (flat, by order value, by weight, or pickup at the atelier), and one function gives
 * a method's charge for a basket. The server, the checkout, the cart drawer, the terms and the product page
 * all read these rules, so what a customer is told is what she pays.
 */

export const shippingZoneLabel = { continente: 'Portugal continental', madeira: 'Madeira e Porto Santo', acores: 'Açores' };
export const SHIPPING_ZONES = valuesOf(shippingZoneLabel);
export type ShippingZone = keyof typeof shippingZoneLabel;
export const isPortugueseZone = (zone: string): zone is ShippingZone => (SHIPPING_ZONES as readonly string[]).includes(zone);

/**
 * The zone of a Portuguese postcode, by CTT's ranges of its first four digits (decision 0046): 1000-8999
 * the mainland, 9000-9499 Madeira (Porto Santo is 9400), 9500-9999 the Azores. Null for what is no postcode.
 */
export function zoneOfPostalCode(postalCode: string): ShippingZone | null {
  const match = /^(\d{4})-?\d{3}$/.exec(postalCode.trim());
  if (!match?.[1]) return null;
  const area = Number(match[1]);
  if (area < 1000) return null;
  if (area < 9000) return 'continente';
  if (area < 9500) return 'madeira';
  return 'acores';
}

/** The postcode inside an address written as one string (the spec's `shipping_address`): its last 0000-000. */
export const postalCodeIn = (address: string) => [...address.matchAll(/\b(\d{4}-\d{3})\b/g)].at(-1)?.[1] ?? null;

export const shippingKindLabel = { flat: 'Preço fixo', value_bands: 'Por valor da encomenda', weight_bands: 'Por peso', pickup: 'Levantamento no ateliê' };
export const SHIPPING_KINDS = valuesOf(shippingKindLabel);
export type ShippingKind = keyof typeof shippingKindLabel;

/** A band: up to this order value (cents) or weight (grams), this price; `upTo` null is "and above". */
export type ShippingBand = { upTo: number | null; priceCents: Cents };

/** A shipping method as the rules read it (cents and grams). */
export type ShippingRules = {
  id: number;
  /** A zone of Portugal's, or the code of a zone the owner added (decision 0055). */
  zone: string;
  name: string;
  kind: ShippingKind;
  priceCents: Cents;
  bands: readonly ShippingBand[];
  /** Free at or above this order value; null: never free. */
  freeAboveCents: Cents | null;
  daysMin: number;
  daysMax: number;
  active: boolean;
  /** Pickup only: where and when, in the owner's words. */
  pickupAddress: string | null;
  pickupHours: string | null;
};

/** What the rules need of a basket: its value (VAT included) and the weight of what ships. */
export type Basket = { subtotalCents: Cents; weightGrams: number };

/**
 * What this method charges for this basket, or null when it cannot take it (a weight or value above its
 * last band). Free at or above its threshold, as today's rule (6,00 € below 70,00 €).
 */
export function methodCharge(method: Pick<ShippingRules, 'kind' | 'priceCents' | 'bands' | 'freeAboveCents'>, basket: Basket): Cents | null {
  if (method.kind === 'pickup') return 0;
  const measure = method.kind === 'weight_bands' ? basket.weightGrams : basket.subtotalCents;
  const price = method.kind === 'flat' ? method.priceCents : method.bands.find((band) => band.upTo === null || measure <= band.upTo)?.priceCents;
  if (price === undefined) return null;
  return method.freeAboveCents !== null && basket.subtotalCents >= method.freeAboveCents ? 0 : price;
}

export type ShippingOption = { method: ShippingRules; chargeCents: Cents };

/**
 * The methods that serve a zone for a basket, cheapest first. The default is the cheapest that delivers to
 * the door: picking up at the atelier is the customer's choice, never made for her.
 */
export function shippingOptions(methods: readonly ShippingRules[], zone: string, basket: Basket): ShippingOption[] {
  return methods
    .filter((m) => m.active && m.zone === zone)
    .flatMap((method) => {
      const chargeCents = methodCharge(method, basket);
      return chargeCents === null ? [] : [{ method, chargeCents }];
    })
    .sort((a, b) => a.chargeCents - b.chargeCents || a.method.id - b.method.id);
}

export const defaultOption = (options: readonly ShippingOption[]) => options.find((o) => o.method.kind !== 'pickup') ?? options[0];

/** The zone's home delivery the shop's words speak of (the first delivering method, the oldest first). */
export const homeDelivery = (methods: readonly ShippingRules[], zone: string) =>
  methods.filter((m) => m.active && m.zone === zone && m.kind !== 'pickup').sort((a, b) => a.id - b.id)[0];

/** "2 dias úteis", "3 a 7 dias úteis". */
export const deliveryDays = ({ daysMin, daysMax }: Pick<ShippingRules, 'daysMin' | 'daysMax'>) =>
  daysMin === daysMax ? `${daysMin} ${daysMin === 1 ? 'dia útil' : 'dias úteis'}` : `${daysMin} a ${daysMax} dias úteis`;

/** A method's price in the terms' words: "6,00 € por encomenda com valor inferior a 70,00 €; grátis a partir de 70,00 €". */
export function priceWords(method: ShippingRules): string {
  const free = method.freeAboveCents === null ? '' : `; grátis a partir de ${formatCents(method.freeAboveCents)}`;
  if (method.kind === 'pickup') return 'grátis';
  if (method.kind === 'flat') {
    return method.freeAboveCents === null
      ? `${formatCents(method.priceCents)} por encomenda`
      : `${formatCents(method.priceCents)} por encomenda com valor inferior a ${formatCents(method.freeAboveCents)}${free}`;
  }
  const unit = (upTo: number) => (method.kind === 'weight_bands' ? `${(upTo / 1000).toLocaleString('pt-PT')} kg` : formatCents(upTo));
  const bands = method.bands.map((b) => (b.upTo === null ? `acima disso ${formatCents(b.priceCents)}` : `até ${unit(b.upTo)}, ${formatCents(b.priceCents)}`));
  return `${bands.join('; ')}${free}`;
}

/**
 * The methods a fresh shop starts with (migration 0027 inserts the same rows): today's rule as the mainland's
 * home delivery, and the islands' defaults the owner can change (decision 0046). The pages that say the rules
 * show these only until the shop's own arrive.
 */
export const FRESH_SHOP_METHODS: readonly ShippingRules[] = [
  { id: 1, zone: 'continente', name: 'Entrega em casa (CTT)', kind: 'flat', priceCents: 600, bands: [], freeAboveCents: 7000, daysMin: 2, daysMax: 2, active: true, pickupAddress: null, pickupHours: null },
  { id: 2, zone: 'madeira', name: 'Entrega em casa (CTT)', kind: 'flat', priceCents: 990, bands: [], freeAboveCents: null, daysMin: 3, daysMax: 15, active: true, pickupAddress: null, pickupHours: null },
  { id: 3, zone: 'acores', name: 'Entrega em casa (CTT)', kind: 'flat', priceCents: 1190, bands: [], freeAboveCents: null, daysMin: 3, daysMax: 15, active: true, pickupAddress: null, pickupHours: null },
];

/** The carriers an owner may name when an order leaves, and where a customer follows a parcel of each. */
export const carrierLabel = { ctt: 'CTT', ctt_expresso: 'CTT Expresso', dpd: 'DPD', gls: 'GLS', correos_express: 'Correos Express', other: 'Outra' };
export const CARRIERS = valuesOf(carrierLabel);
export type Carrier = keyof typeof carrierLabel;
const cttTracking = (n: string) => `https://appserver.ctt.pt/CustomerArea/PublicArea_Detail?ObjectCodeInput=${n}&SearchInput=${n}&IsFromPublicArea=true`;
const trackingPages: Record<Carrier, ((n: string) => string) | null> = {
  ctt: cttTracking,
  ctt_expresso: cttTracking,
  dpd: (n) => `https://tracking.dpd.de/status/pt_PT/parcel/${n}`,
  gls: (n) => `https://gls-group.com/PT/pt/seguir-envio?match=${n}`,
  correos_express: (n) => `https://s.correosexpress.com/SeguimientoSinCP/search?shippingNumber=${n}`,
  other: null,
};
/** The carrier's public page for a parcel, or null (another carrier, or no number). */
export const trackingUrl = (carrier: Carrier | null, number: string | null) =>
  carrier && number ? (trackingPages[carrier]?.(encodeURIComponent(number)) ?? null) : null;

/** Back to the rules (the screens that say them: terms, product page, cart drawer). */
export const toShippingRules = (m: ShippingMethod): ShippingRules => ({
  id: m.id,
  zone: m.zone,
  name: m.name,
  kind: m.kind,
  priceCents: Math.round(m.price * 100),
  bands: m.bands.map((b) => ({ upTo: b.up_to === null ? null : m.kind === 'weight_bands' ? b.up_to : Math.round(b.up_to * 100), priceCents: Math.round(b.price * 100) })),
  freeAboveCents: m.free_above === null ? null : Math.round(m.free_above * 100),
  daysMin: m.days_min,
  daysMax: m.days_max,
  active: m.active,
  pickupAddress: m.pickup_address,
  pickupHours: m.pickup_hours,
});

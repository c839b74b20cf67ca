import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { DIGITAL_CONSENT_TEXT } from '#shared/digital-consent.ts';
import { toCents, toEuros } from '#shared/money.ts';
import { type DiscountTerms, discountLabel } from '#shared/discounts.ts';
import { basketOf, type CustomerPaymentMethod, orderTotals, type Totals } from '#shared/orders.ts';
import { paymentMessages } from '#shared/schemas/payments.ts';
import { postalCodeIn } from '#shared/shipping.ts';
import { type CartTotalsAnswer, type calculateTotalsBody, type orderBody, type Order, orderMessages, totalsInEuros } from '#shared/schemas/orders.ts';
import { shippingMessages } from '#shared/schemas/shipping.ts';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, conflict, invalid, notFound } from '../../platform/errors.ts';
import { hashSecret, newSecret } from '../../platform/passwords.ts';
import { type PricedLine, priceItems, takeStock } from '../catalog/stock.ts';
import { codeForOrder, type CodeVerdict, judgeCode, takeUse } from '../discounts/redeem.ts';
import { type SaleVat, saleVat } from '../tax/settings.ts';
import { chooseShipping, type ShippingChoice } from '../shipping/methods.ts';
import { zoneCountries } from '../shipping/zones.ts';
import { distanceSaleRefusal } from '../tax/distance-sales.ts';
import { moveOrder } from './life.ts';
import { insertOrder, lockedOrder, mayView, queueOrderReceived, type VatLine, vatColumns, type Viewer, withVat } from './order-records.ts';
import { rememberAddress } from '../users/addresses.ts';
import { rememberBilling } from '../users/profile.ts';
import { toOrder } from './order-view.ts';
import { orders } from './tables.ts';
import { checkUnpaidUnits, stockHeldUntil } from './unpaid-holds.ts';

/* The customer's side: totals, the checkout and the customer's own cancellation. */

type CheckoutInput = z.output<typeof orderBody>;

/** How a basket ships to a postcode with the method asked for (none when nothing ships): decision 0046. */
async function shippingOf(db: Db | Tx, lines: PricedLine[], address: { country: string; postalCode: string | null }, methodId: number | undefined): Promise<ShippingChoice | undefined> {
  if (!lines.some((l) => !l.isDigital)) return undefined;
  return chooseShipping(db, address, methodId ?? null, basketOf(lines));
}

const totalsWith = (lines: VatLine[], shipping: ShippingChoice | undefined, vat: SaleVat, discount?: DiscountTerms) =>
  orderTotals(lines, () => shipping?.chosen?.chargeCents ?? 0, { exempt: vat.exempt, shippingRate: vat.shippingRate }, discount);

/** What a code is judged against: the goods' worth and whether anything ships. */
const codeBasket = (lines: VatLine[]) => ({ goodsCents: basketOf(lines).subtotalCents, ships: lines.some((l) => !l.isDigital) });

/** The code's figures in a totals answer: applied (its discount and line) or refused (its reason). */
const discountAnswer = (verdict: CodeVerdict, totals: Totals) =>
  verdict.ok
    ? {
        discount: toEuros(totals.discountCents),
        discount_code: verdict.terms.code,
        discount_label: discountLabel(verdict.terms),
        shipping_waived: toEuros(totals.shippingWaivedCents),
        discount_error: null,
      }
    : { discount: 0, discount_code: null, discount_label: null, shipping_waived: 0, discount_error: verdict.message };

/**
 * POST /order/calculate-totals: the server's prices and rules, nothing taken from the client. With a postcode,
 * the methods of its zone with their prices for this basket, and the one that priced the totals.
 */
export async function calculateTotals(db: Db, body: z.output<typeof calculateTotalsBody>, userId: number | null = null): Promise<CartTotalsAnswer> {
  const vat = await saleVat(db);
  const lines = withVat(await priceItems(db, body.items), vat);
  const shipping = await shippingOf(db, lines, { country: body.country, postalCode: body.postal_code ?? null }, body.shipping_method_id);
  const verdict = body.discount_code ? await judgeCode(db, body.discount_code, codeBasket(lines), { userId, email: body.email ?? null }) : undefined;
  const totals = totalsWith(lines, shipping, vat, verdict?.ok ? verdict.terms : undefined);
  // Only once the owner added a zone abroad: a shop that ships to Portugal alone answers the spec's totals as before.
  const abroad = await zoneCountries(db);
  const answer: CartTotalsAnswer = {
    ...totalsInEuros(totals),
    ...(abroad.length ? { countries: ['PT', ...abroad] } : {}),
    ...(verdict ? discountAnswer(verdict, totals) : {}),
    lines: lines.map((l) => ({
      product_id: l.productId,
      variant_id: l.variantId,
      price: toEuros(l.unitPriceCents),
      ...(l.regularPriceCents === null ? {} : { regular_price: toEuros(l.regularPriceCents) }),
      stock: l.stock,
    })),
  };
  if (!shipping || (!body.postal_code && body.country === 'PT')) return answer;
  // Past the EU distance-sales threshold the shop sells abroad no more (decision 0055): said like a country not served.
  const refusal = shipping.notServed ?? (body.country === 'PT' ? null : await distanceSaleRefusal(db, totals.totalWithoutTaxCents));
  if (refusal) return { ...answer, shipping_country: body.country, shipping_methods: [], shipping_method_id: null, shipping_error: refusal, free_shipping_from: null };
  return {
    ...answer,
    shipping_country: body.country,
    shipping_zone: shipping.zone,
    shipping_zone_name: shipping.zoneName,
    shipping_error: null,
    shipping_methods: shipping.options.map(({ method, chargeCents }) => ({
      id: method.id,
      name: method.name,
      price: toEuros(chargeCents),
      free: chargeCents === 0,
      days_min: method.daysMin,
      days_max: method.daysMax,
      pickup: method.kind === 'pickup',
      pickup_details: method.kind === 'pickup' ? `${method.pickupAddress ?? ''} (${method.pickupHours ?? ''})` : null,
    })),
    shipping_method_id: shipping.chosen?.method.id ?? null,
    free_shipping_from: shipping.home?.freeAboveCents == null ? null : toEuros(shipping.home.freeAboveCents),
  };
}

/** What the order keeps of how it ships: the method, the zone of its address and, for pickup, where and when. */
const shippingColumns = (shipping: ShippingChoice | undefined) => {
  const method = shipping?.chosen?.method;
  if (!shipping || !method) return {};
  return {
    shippingMethodId: method.id,
    shippingMethodName: method.name,
    shippingZone: shipping.zone,
    shippingKind: method.kind,
    pickupDetails: method.kind === 'pickup' ? `${method.pickupAddress ?? ''} (${method.pickupHours ?? ''})` : null,
  };
};

const sameCents = (euros: number, cents: number) => toCents(euros) === cents;

/**
 * The checkout: recomputes the totals, refuses a client whose totals differ (409 with the fresh ones),
 * takes the stock and stores the order at the prices paid, in one transaction. A repeated Idempotency-Key
 * answers the first order; the same key with another body is a 409.
 */
export async function placeOrder(
  db: Db,
  publicUrl: string,
  input: CheckoutInput,
  options: {
    userId: number | null;
    idempotencyKey?: string | undefined;
    /** The client's address, and the limits on what one client may hold unpaid (#26). */
    clientAddress: string | null;
    unpaid: Config['unpaidOrders'];
    /** The ways to pay the configuration offers (platform/payment-methods.ts): another one is refused. */
    methods: readonly CustomerPaymentMethod[];
  },
): Promise<{ order: Order; created: boolean }> {
  // Card and Payshop only with their keys (issue #27): refused before anything is read or held.
  if (!options.methods.includes(input.payment_method)) throw invalid(paymentMessages.methodNotOffered, { payment_method: paymentMessages.methodNotOffered });
  const requestHash = createHash('sha256').update(JSON.stringify({ input, userId: options.userId })).digest('hex');
  const outcome = await db.transaction(async (tx) => {
    if (options.idempotencyKey) {
      // Serialises attempts with the same key, so a double click cannot slip two orders past the check.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`order:${options.idempotencyKey}`}))`);
      const [seen] = await tx.select().from(orders).where(eq(orders.idempotencyKey, options.idempotencyKey)).limit(1);
      if (seen) {
        if (seen.requestHash !== requestHash) throw conflict(orderMessages.idempotencyMismatch);
        return { row: seen, token: undefined, created: false };
      }
    }
    const vat = await saleVat(tx);
    const lines = withVat(await priceItems(tx, input.items), vat);
    // Something ships: it needs the postal address the form left out (a digital-only basket does not).
    if (lines.some((l) => !l.isDigital) && Object.keys(input.missingAddress).length) {
      throw invalid(Object.values(input.missingAddress)[0] ?? orderMessages.address, input.missingAddress);
    }
    // The address's zone and the method chosen; one that does not serve the address is a 400, none at all too.
    const address = { country: input.country, postalCode: input.country === 'PT' ? postalCodeIn(input.shipping_address) : null };
    const shipping = await shippingOf(tx, lines, address, input.shipping_method_id);
    // A country no zone serves (decision 0055) is refused as the address's, before any method is looked at.
    if (shipping?.notServed) throw invalid(shipping.notServed, { country: shipping.notServed });
    if (shipping && !shipping.chosen) throw invalid(shippingMessages.noMethod, { shipping_method_id: shippingMessages.noMethod });
    // One code per order; a refused one is a 400 with its reason (decision 0054).
    const customer = { userId: options.userId, email: input.email };
    const code = input.discount_code ? await codeForOrder(tx, input.discount_code, codeBasket(lines), customer) : undefined;
    const totals = totalsWith(lines, shipping, vat, code?.terms);
    const agrees =
      sameCents(input.shipping_cost, totals.shippingCents) &&
      sameCents(input.total_price_with_tax, totals.totalWithTaxCents) &&
      sameCents(input.total_tax, totals.totalTaxCents) &&
      sameCents(input.total_price_without_tax, totals.totalWithoutTaxCents);
    if (!agrees) {
      throw new AppError(409, 'TOTALS_CHANGED', orderMessages.totalsChanged, undefined, { totals: totalsInEuros(totals) });
    }
    // Another EU country: Portuguese VAT only below the distance-sales threshold (decision 0055), checked one at a time.
    const distance = input.country === 'PT' ? null : await distanceSaleRefusal(tx, totals.totalWithoutTaxCents, { lock: true });
    if (distance) throw invalid(distance, { country: distance });
    // One e-mail or one address may not hold the catalogue hostage with orders it never pays.
    const units = lines.filter((l) => !l.isDigital).reduce((sum, l) => sum + l.quantity, 0);
    await checkUnpaidUnits(tx, options.unpaid, { email: input.email, address: options.clientAddress }, units);
    const heldUntil = stockHeldUntil(options.unpaid, input.payment_method);
    const token = options.userId ? undefined : newSecret();
    const row = await insertOrder(
      tx,
      {
        userId: options.userId,
        email: input.email,
        accessTokenHash: token ? hashSecret(token) : null,
        accessToken: token ?? null,
        paymentMethod: input.payment_method,
        shippingAddress: input.shipping_address,
        country: input.country,
        phone: input.phone,
        nif: input.nif ?? null,
        company: input.nif ? (input.company ?? null) : null,
        idempotencyKey: options.idempotencyKey ?? null,
        requestHash,
        stockHeldUntil: heldUntil,
        placedFrom: options.clientAddress,
        ...shippingColumns(shipping),
        ...vatColumns(vat),
        ...(code ? { discountCode: code.terms.code, discountKind: code.terms.kind, discountValue: code.terms.value } : {}),
        // The words she ticked, as the shop shows them (never a text the client sends), and when.
        ...(input.digital_consent && lines.some((l) => l.isDigital) ? { digitalConsentAt: new Date(), digitalConsentText: DIGITAL_CONSENT_TEXT } : {}),
      },
      lines,
      totals,
    );
    // The payments module hears of it: an unpaid order holds its stock for its payment method's time, no
    // longer (#26), then its job cancels it; a Multibanco order's first mail carries its reference.
    await queueOrderReceived(tx, publicUrl, options.methods, row, lines, token);
    // A signed-in customer's next checkout starts from this address (their address book keeps it).
    if (options.userId && input.addressParts) await rememberAddress(tx, options.userId, { ...input.addressParts, phone: input.phone });
    // And from their tax number, when they gave one (their profile keeps the last).
    if (options.userId && input.nif) await rememberBilling(tx, options.userId, { nif: input.nif, company: input.company ?? null });
    // The code's use, late for the same reason as the stock: its row lock serialises the orders of that code.
    if (code) await takeUse(tx, code.row, row.id, customer);
    // Stock last: its row locks are then held only until the commit that follows, so checkouts of the
    // same product wait on each other as briefly as possible. A refusal rolls the order back.
    await takeStock(tx, lines);
    return { row, token, created: true };
  });
  const order = await toOrder(db, outcome.row);
  return { order: outcome.token ? { ...order, accessToken: outcome.token } : order, created: outcome.created };
}

/**
 * Customer cancellation: as the order's life allows (only pending or processing, never a delivered digital
 * product); the row lock makes a double cancel restock once. Its open Multibanco reference and MB WAY
 * request are voided before the answer, and a paid order then owes its money back (the owner's dashboard says so).
 */
export async function cancelOrder(db: Db, publicUrl: string, id: number, viewer: Viewer): Promise<Order> {
  return db.transaction(async (tx) => {
    const row = await lockedOrder(tx, id);
    if (!row || !mayView(row, viewer)) throw notFound(orderMessages.orderNotFound);
    const updated = await moveOrder(tx, row, 'cancelled', 'customer', { publicUrl, token: viewer.token });
    return toOrder(tx, updated);
  });
}

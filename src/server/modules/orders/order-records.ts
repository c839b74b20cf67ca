import { and, eq, isNull, sql } from 'drizzle-orm';
import { discountLabel } from '#shared/discounts.ts';
import { toEuros } from '#shared/money.ts';
import { type CustomerPaymentMethod, type StoredVat, storedVatLines, type Totals } from '#shared/orders.ts';
import { paths } from '#shared/paths.ts';
import { ART53_REASON } from '#shared/vat.ts';
import type { Tx } from '../../db/client.ts';
import { queueMail } from '../../platform/mail.ts';
import { hashSecret } from '../../platform/passwords.ts';
import { productThumbnails } from '../catalog/products.ts';
import { digitalLinks, type PricedLine } from '../catalog/stock.ts';
import * as follow from './followers.ts';
import { type MailDocument, orderReceivedMail, paymentReceivedMail } from './mails.ts';
import { queueShopNewOrderMail, queueShopPaidMail } from './shop-mail-jobs.ts';
import { orderItems, orders } from './tables.ts';

/* The order rows and the rules every side of the module shares: who may see one, how it is stored, what a mail says of it. */

export type OrderRow = typeof orders.$inferSelect;
export type ItemRow = typeof orderItems.$inferSelect;
export type Viewer = { userId: number | null; isAdmin: boolean; token?: string | undefined };

/** Who is asking for an order: the signed-in user (an admin sees all), or a guest with the order's token. */
export const viewerOf = (sessionUser: { id: number; isAdmin: boolean } | null, token?: string): Viewer => ({
  userId: sessionUser?.id ?? null,
  isAdmin: Boolean(sessionUser?.isAdmin),
  token,
});

/**
 * Owners, the guest holding the order's token, and admins see an order; anyone else gets a 404. A guest's
 * token keeps working once her order joined her account (the links in her e-mails still open it).
 */
export function mayView(row: OrderRow, viewer: Viewer) {
  if (viewer.isAdmin) return true;
  if (viewer.userId !== null && row.userId === viewer.userId) return true;
  return Boolean(viewer.token && row.accessTokenHash && hashSecret(viewer.token) === row.accessTokenHash);
}

/**
 * A customer proved she reads `email` (she verified her account or a new address): the orders she placed
 * as a guest with it join her account. Answers how many did.
 */
export async function adoptGuestOrders(tx: Tx, userId: number, email: string): Promise<number> {
  const adopted = await tx
    .update(orders)
    .set({ userId, updatedAt: new Date() })
    .where(and(isNull(orders.userId), sql`lower(${orders.email}) = lower(${email})`))
    .returning({ id: orders.id });
  return adopted.length;
}

export async function lockedOrder(tx: Tx, id: number) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1).for('update');
  return row;
}

export async function itemsOf(tx: Tx, orderId: number) {
  return tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
}

/** Where a mail sends the customer: their order, or for a guest their order's page with its token. */
export function orderUrl(publicUrl: string, row: OrderRow, token?: string) {
  if (row.userId) return `${publicUrl}/minhas-encomendas/${row.id}`;
  const key = token ?? row.accessToken;
  // Only a guest order older than the kept token has none: the shop's contact page is then the way back.
  return key ? `${publicUrl}/order-success?id=${row.id}&token=${key}` : `${publicUrl}/contactos`;
}

/** The order's withdrawal function (issue #28), for its mails: a guest's link carries her token; without one she signs in. */
export function withdrawalUrl(publicUrl: string, row: OrderRow, token?: string) {
  return `${publicUrl}${paths.withdrawal(row.id, token ?? row.accessToken)}`;
}

type MailLine = Pick<ItemRow, 'productId' | 'productName' | 'variantName' | 'quantity' | 'unitPriceCents' | 'isDigital' | 'vatRate'>;

/** The VAT a mail states: one line per rate the order kept, or the art. 53.º words instead (decision 0053). */
const mailVat = (row: OrderRow, lines: MailLine[]) => ({ exempt: row.vatRegime === 'exempt_art53', lines: storedVatOf(row, lines) });

/** The VAT per rate an order was sold with, from what it kept: its lines' rates, shipping's, its discount's parts (decisions 0053, 0054). */
export const storedVatOf = (row: OrderRow, items: StoredVat['items']) =>
  storedVatLines({ exempt: row.vatRegime === 'exempt_art53', items, shippingRate: row.shippingVatRate, shippingCents: row.shippingCents, discountParts: row.discountParts });

/** The discount an order was sold with, as its answers and mails carry it; null without one. */
export const discountOf = (row: OrderRow) =>
  row.discountCode && row.discountKind
    ? {
        code: row.discountCode,
        kind: row.discountKind,
        amount: toEuros(row.discountCents),
        shipping_waived: toEuros(row.shippingWaivedCents),
        label: discountLabel({ code: row.discountCode, kind: row.discountKind, value: row.discountValue ?? 0 }),
      }
    : null;

/** What a mail says of an order; each line with its product's first picture (one query for all the lines). */
export async function mailOrder(tx: Tx, publicUrl: string, row: OrderRow, lines: MailLine[]) {
  const thumbnails = await productThumbnails(tx, lines.map((l) => l.productId));
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    paymentMethod: row.paymentMethod,
    shippingAddress: row.shippingAddress,
    shippingCents: row.shippingCents,
    totalTaxCents: row.totalTaxCents,
    totalWithTaxCents: row.totalWithTaxCents,
    vat: mailVat(row, lines),
    discount: discountOf(row),
    refundDueCents: row.refundDueCents,
    payBy: row.status === 'pending' && !row.paidAt ? row.stockHeldUntil : null,
    digitalConsent: row.digitalConsentAt && row.digitalConsentText ? { at: row.digitalConsentAt, text: row.digitalConsentText } : null,
    withdrawal: { url: withdrawalUrl(publicUrl, row), formUrl: `${publicUrl}${paths.withdrawalForm}` },
    shipping: { methodName: row.shippingMethodName, pickupDetails: row.shippingKind === 'pickup' ? (row.pickupDetails ?? '') : null, carrier: row.trackingCarrier, trackingNumber: row.trackingNumber },
    lines: lines.map(({ productId, productName, variantName, quantity, unitPriceCents, isDigital }) => {
      const thumbnail = productId === null ? undefined : thumbnails.get(productId);
      // The JPEG twin of the WebP thumbnail: Outlook for Windows shows no WebP.
      const picture = thumbnail ? `${publicUrl}${thumbnail.replace(/\.webp$/, '.jpg')}` : null;
      return { productName, variantName, quantity, unitPriceCents, isDigital, picture };
    }),
  };
}

/** A priced line with the VAT rate it is sold at (percent). */
export type VatLine = PricedLine & { vatRate: number };

/** Each line at its own VAT rate: its category in the shop's region today, 0 under the art. 53.º exemption (decision 0053). */
export const withVat = (lines: PricedLine[], vat: { rateOf: (category: PricedLine['vatCategory']) => number }): VatLine[] =>
  lines.map((l) => ({ ...l, vatRate: vat.rateOf(l.vatCategory) }));

/** What the order keeps of the VAT it was sold under: the regime, the region and shipping's rate (decision 0053). */
export const vatColumns = (vat: { regime: OrderRow['vatRegime']; region: OrderRow['vatRegion']; shippingRate: number; exempt: boolean }) => ({
  vatRegime: vat.regime,
  vatRegion: vat.region,
  shippingVatRate: vat.exempt ? 0 : vat.shippingRate,
});

/** Why a line at 0 % carries no VAT: the art. 53.º exemption (M10), or the exempt product's own reason. */
const exemptionOf = (line: VatLine, regime: OrderRow['vatRegime']) => (line.vatRate > 0 ? null : regime === 'exempt_art53' ? ART53_REASON : line.vatExemptionReason);

/** An order's lines as stored: at the prices and VAT rates they are sold at. */
export const itemValues = (orderId: number, lines: VatLine[], regime: OrderRow['vatRegime']) =>
  lines.map((l) => ({
    orderId,
    productId: l.productId,
    variantId: l.variantId,
    productName: l.productName,
    variantName: l.variantName,
    isDigital: l.isDigital,
    withdrawalExemption: l.withdrawalExemption,
    quantity: l.quantity,
    unitPriceCents: l.unitPriceCents,
    vatRate: l.vatRate,
    vatExemptionReason: exemptionOf(l, regime),
  }));

/** The order's totals columns, in cents. */
export const totalsColumns = (totals: Totals) => ({
  discountCents: totals.discountCents,
  discountParts: totals.discountParts,
  shippingWaivedCents: totals.shippingWaivedCents,
  shippingCents: totals.shippingCents,
  totalWithoutTaxCents: totals.totalWithoutTaxCents,
  totalTaxCents: totals.totalTaxCents,
  totalWithTaxCents: totals.totalWithTaxCents,
});

export async function insertOrder(
  tx: Tx,
  values: Omit<typeof orders.$inferInsert, keyof ReturnType<typeof totalsColumns>>,
  lines: VatLine[],
  totals: Totals,
) {
  const [row] = await tx
    .insert(orders)
    .values({ ...values, ...totalsColumns(totals) })
    .returning();
  if (!row) throw new Error('order not stored');
  await tx.insert(orderItems).values(itemValues(row.id, lines, row.vatRegime));
  return row;
}

/**
 * The ways an unpaid order can be paid on its page, as its mails name them (issue #27): those the configuration
 * offers (`methods`, platform/payment-methods.ts), in the owner's order.
 */
export async function waysToPay(tx: Tx, methods: readonly CustomerPaymentMethod[]): Promise<CustomerPaymentMethod[]> {
  return (await follow.payments().methodOrder(tx)).filter((m) => methods.includes(m));
}

/** "Pagamento recebido", with the invoice-receipt when it was issued in time (the invoicing job sends it). */
export async function queuePaymentMail(tx: Tx, publicUrl: string, row: OrderRow, invoice?: MailDocument) {
  const items = await itemsOf(tx, row.id);
  const links = await digitalLinks(tx, items.flatMap((i) => (i.isDigital && i.productId !== null ? [i.productId] : [])));
  const digital = items.flatMap((i) => {
    const link = i.productId !== null ? links.get(i.productId) : undefined;
    return i.isDigital && link ? [{ name: i.productName, link }] : [];
  });
  const ships = items.some((i) => !i.isDigital);
  await queueMail(tx, await paymentReceivedMail(await mailOrder(tx, publicUrl, row, items), orderUrl(publicUrl, row), digital, ships, invoice));
  // The shop hears of every paid order, once (the job's key is the order).
  await queueShopPaidMail(tx, row.id);
}

/**
 * "Recebemos a sua encomenda", in the transaction that registers the order, which the payments module hears
 * of first: it watches the order's deadline, and a Multibanco order's mail waits for the reference it issues.
 */
export async function queueOrderReceived(tx: Tx, publicUrl: string, methods: readonly CustomerPaymentMethod[], row: OrderRow, lines: VatLine[], token?: string) {
  const mailedByPayments = await follow.payments().placed(tx, row);
  if (!mailedByPayments) {
    const mail = orderReceivedMail(await mailOrder(tx, publicUrl, row, lines), orderUrl(publicUrl, row, token), await waysToPay(tx, methods));
    await queueMail(tx, await mail);
  }
  // And the shop, when the owner asked to hear of each new order (her setting, read when the job runs).
  await queueShopNewOrderMail(tx, row.id);
}

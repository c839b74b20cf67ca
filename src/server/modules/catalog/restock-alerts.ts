import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { catalogMessages } from '#shared/schemas/catalog.ts';
import { restockMessages, type RestockWaiting } from '#shared/schemas/restock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { defineJob, enqueue, type JobRunner } from '../../platform/jobs.ts';
import { queueMail } from '../../platform/mail.ts';
import { hashSecret, newSecret } from '../../platform/passwords.ts';
import { backInStockMail, CONFIRM_LINK_DAYS, itemName, restockConfirmationMail, restockConfirmUrl } from './restock-mails.ts';
import { products, productVariants, restockAlerts } from './tables.ts';

/** A pending address is mailed its link again at most this often, however often the form is sent (as the newsletter). */
const RESEND_AFTER_MINUTES = 5;

/**
 * Whether an alert's item is in stock now: its variant, or (an alert on the whole product) any variant or the
 * product's own stock; an archived product is never back. Read in the statement that moves the alert, so the
 * stock seen is the one the transaction holds locked.
 */
const itemInStock = sql`EXISTS (
  SELECT 1 FROM products p WHERE p.id = ${restockAlerts.productId} AND p.archived_at IS NULL AND (
    p.is_digital
    OR (${restockAlerts.variantId} IS NOT NULL AND EXISTS (SELECT 1 FROM product_variants v WHERE v.id = ${restockAlerts.variantId} AND v.stock > 0))
    OR (${restockAlerts.variantId} IS NULL AND NOT p.has_variants AND p.stock > 0)
    OR (${restockAlerts.variantId} IS NULL AND p.has_variants AND EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id AND v.stock > 0))))`;

const restockMailJob = defineJob('restock.mail', z.object({ alertId: z.number().int(), round: z.number().int() }));

/**
 * Called in every transaction that moves these products' stock (the admin's form, the import, an order
 * cancelled or deleted, a sale that sells out), after the move. Alerts told of the last return wait again
 * once their item is sold out; waiting alerts whose item is back are told, once: the conditional update
 * moves each row from `waiting` to `told` in one transaction only (a second one racing it waits for the
 * row's lock, then finds it `told`), and the mail job it queues is keyed by the alert and its round.
 * Answers the alerts told.
 */
export async function wakeRestockAlerts(tx: Tx, productIds: number[]): Promise<number[]> {
  const ids = [...new Set(productIds)];
  if (!ids.length) return [];
  await tx
    .update(restockAlerts)
    .set({ status: 'waiting' })
    .where(and(inArray(restockAlerts.productId, ids), eq(restockAlerts.status, 'told'), sql`NOT ${itemInStock}`));
  const told = await tx
    .update(restockAlerts)
    .set({ status: 'told', round: sql`${restockAlerts.round} + 1`, toldAt: new Date() })
    .where(and(inArray(restockAlerts.productId, ids), eq(restockAlerts.status, 'waiting'), itemInStock))
    .returning({ id: restockAlerts.id, round: restockAlerts.round });
  for (const alert of told) await enqueue(tx, restockMailJob, { alertId: alert.id, round: alert.round }, { key: `restock:${alert.id}:${alert.round}` });
  return told.map((alert) => alert.id);
}

/**
 * The item an alert is asked for, its stock rows locked for share: a return to stock committing meanwhile is
 * either seen here (and the alert refused: it is in stock) or waits for this transaction, and then sees its alert.
 */
async function lockItem(tx: Tx, productId: number, variantId: number | null) {
  const [product] = await tx
    .select({ name: products.name, hasVariants: products.hasVariants, isDigital: products.isDigital, stock: products.stock })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.archivedAt)))
    .for('share');
  if (!product) throw notFound(catalogMessages.productNotFound);
  const variants = product.hasVariants
    ? await tx
        .select({ id: productVariants.id, name: productVariants.name, stock: productVariants.stock })
        .from(productVariants)
        .where(and(eq(productVariants.productId, productId), variantId === null ? undefined : eq(productVariants.id, variantId)))
        .for('share')
    : [];
  if (variantId !== null && !variants.length) throw invalid(restockMessages.variantUnknown, { variant_id: restockMessages.variantUnknown });
  const inStock = product.isDigital || (product.hasVariants ? variants.some((v) => v.stock > 0) : (product.stock ?? 0) > 0);
  return { item: itemName(product.name, variantId === null ? null : (variants[0]?.name ?? null)), inStock };
}

const sameAlert = (productId: number, variantId: number | null, email: string) =>
  and(eq(restockAlerts.productId, productId), sql`coalesce(${restockAlerts.variantId}, 0) = ${variantId ?? 0}`, sql`lower(${restockAlerts.email}) = ${email}`);

type Subscriber = { email: string; variantId: number | null; signedInAs: string | null };

/**
 * POST /product/{id}/restock-alert on a sold-out item. A signed-in customer asking for her own address is
 * waiting at once (her address is proven); any other address is mailed a confirmation link and waits once
 * confirmed. Asking again changes nothing, bar a new link after a few minutes: the answer is the same whether
 * the address was already waiting, so the form tells no one who asked for what. Answers the message to show.
 */
export async function askRestockAlert(db: Db, publicUrl: string, productId: number, { email, variantId, signedInAs }: Subscriber): Promise<string> {
  return db.transaction(async (tx) => {
    const { item, inStock } = await lockItem(tx, productId, variantId);
    if (inStock) throw conflict(restockMessages.inStock);
    const proven = signedInAs?.toLowerCase() === email;
    const token = newSecret();
    const state = proven
      ? ({ status: 'waiting', confirmTokenHash: null, confirmedAt: new Date() } as const)
      : ({ status: 'pending', confirmTokenHash: hashSecret(token), confirmSentAt: new Date() } as const);
    const [created] = await tx
      .insert(restockAlerts)
      .values({ productId, variantId, email, stopToken: newSecret(), ...state })
      .onConflictDoNothing()
      .returning({ id: restockAlerts.id });
    if (proven) {
      // The item is sold out (checked above): an alert told of an earlier return, or stopped, waits again.
      if (!created) await tx.update(restockAlerts).set(state).where(and(sameAlert(productId, variantId, email), sql`${restockAlerts.status} <> 'waiting'`));
      return restockMessages.subscribed;
    }
    if (!created) {
      // One conditional update: two requests racing for the same address send at most one link.
      const [renewed] = await tx
        .update(restockAlerts)
        .set(state)
        .where(
          and(
            sameAlert(productId, variantId, email),
            sql`(${restockAlerts.status} = 'stopped' OR (${restockAlerts.status} = 'pending'
              AND (${restockAlerts.confirmSentAt} IS NULL OR ${restockAlerts.confirmSentAt} < now() - make_interval(mins => ${RESEND_AFTER_MINUTES}))))`,
          ),
        )
        .returning({ id: restockAlerts.id });
      if (!renewed) return restockMessages.checkEmail;
    }
    await queueMail(tx, await restockConfirmationMail(email, item, restockConfirmUrl(publicUrl, token)));
    return restockMessages.checkEmail;
  });
}

/** GET /restock-alert/confirm: the link of the confirmation mail, good once; an item back meanwhile is told at once. */
export async function confirmRestockAlert(db: Db, token: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(restockAlerts).where(eq(restockAlerts.confirmTokenHash, hashSecret(token))).limit(1);
    if (!row) throw invalid(restockMessages.linkInvalid);
    if (!row.confirmSentAt || row.confirmSentAt.getTime() < Date.now() - CONFIRM_LINK_DAYS * 86_400_000) throw invalid(restockMessages.linkExpired);
    await lockItem(tx, row.productId, row.variantId);
    const [confirmed] = await tx
      .update(restockAlerts)
      .set({ status: 'waiting', confirmTokenHash: null, confirmedAt: new Date() })
      .where(and(eq(restockAlerts.id, row.id), eq(restockAlerts.confirmTokenHash, hashSecret(token))))
      .returning({ id: restockAlerts.id });
    if (!confirmed) throw invalid(restockMessages.linkInvalid);
    const told = await wakeRestockAlerts(tx, [row.productId]);
    return told.includes(row.id) ? restockMessages.confirmedBackAlready : restockMessages.confirmed;
  });
}

/** GET /restock-alert/stop: the link in every mail. Repeating it is harmless, so a used link still answers 200. */
export async function stopRestockAlert(db: Db, token: string): Promise<string> {
  const [row] = await db
    .update(restockAlerts)
    .set({ status: 'stopped', confirmTokenHash: null })
    .where(and(eq(restockAlerts.stopToken, token), sql`${restockAlerts.status} <> 'stopped'`))
    .returning({ id: restockAlerts.id });
  if (row) return restockMessages.stopped;
  const [known] = await db.select({ id: restockAlerts.id }).from(restockAlerts).where(eq(restockAlerts.stopToken, token)).limit(1);
  if (!known) throw invalid(restockMessages.linkInvalid);
  return restockMessages.alreadyStopped;
}

/** GET /product/{id}/restock-alert (owner): who waits for the next return, in all and per variant; who has not confirmed yet. */
export async function restockWaiting(db: Db, productId: number): Promise<RestockWaiting> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId)).limit(1);
  if (!product) throw notFound(catalogMessages.productNotFound);
  const rows = await db
    .select({ variantId: restockAlerts.variantId, status: restockAlerts.status, value: count() })
    .from(restockAlerts)
    .where(and(eq(restockAlerts.productId, productId), inArray(restockAlerts.status, ['waiting', 'pending'])))
    .groupBy(restockAlerts.variantId, restockAlerts.status);
  const waiting = rows.filter((r) => r.status === 'waiting');
  return {
    waiting: waiting.reduce((sum, r) => sum + r.value, 0),
    pending: rows.filter((r) => r.status === 'pending').reduce((sum, r) => sum + r.value, 0),
    variants: waiting.flatMap((r) => (r.variantId === null ? [] : [{ variant_id: r.variantId, waiting: r.value }])),
  };
}

/**
 * The mail of one return to stock, queued under a key of its own (a job run twice queues it once). Nothing is
 * sent when the alert was stopped since, or its item sold out again before the mail left (the alert then waits
 * for the next return: `round` no longer matches or the status is `waiting`).
 */
export function registerRestockJobs(jobs: JobRunner, { db, publicUrl }: { db: Db; publicUrl: string }) {
  jobs.register(restockMailJob, async ({ alertId, round }) => {
    const [row] = await db
      .select({ alert: restockAlerts, product: products.name, variant: productVariants.name })
      .from(restockAlerts)
      .innerJoin(products, eq(products.id, restockAlerts.productId))
      .leftJoin(productVariants, eq(productVariants.id, restockAlerts.variantId))
      .where(eq(restockAlerts.id, alertId))
      .limit(1);
    if (!row || row.alert.status !== 'told' || row.alert.round !== round) return;
    const { email, productId, stopToken } = row.alert;
    const mail = await backInStockMail(email, { publicUrl, productId, item: itemName(row.product, row.variant), stopToken });
    await db.transaction((tx) => queueMail(tx, mail, { key: `restock-mail:${alertId}:${round}` }));
  });
}

import { and, eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { products, productVariants, restockAlerts } from './tables.ts';

/* What "Avise-me quando voltar" holds of one address, for her export and erasure, and its retention (decision 0041). */

const sameAddress = (email: string) => sql`lower(${restockAlerts.email}) = ${email.toLowerCase()}`;

/** Her alerts: the product (and variant) she waits for, their state and dates. */
export async function restockAlertsOf(tx: Tx, email: string) {
  const rows = await tx
    .select({ alert: restockAlerts, product: products.name, variant: productVariants.name })
    .from(restockAlerts)
    .innerJoin(products, eq(products.id, restockAlerts.productId))
    .leftJoin(productVariants, eq(productVariants.id, restockAlerts.variantId))
    .where(sameAddress(email))
    .orderBy(restockAlerts.id);
  return rows.map(({ alert, product, variant }) => ({
    product: variant ? `${product} (${variant})` : product,
    status: alert.status,
    asked_at: alert.createdAt.toISOString(),
    confirmed_at: alert.confirmedAt?.toISOString() ?? null,
    told_at: alert.toldAt?.toISOString() ?? null,
  }));
}

/** Her alerts erased; answers how many there were. */
export async function eraseRestockAlerts(tx: Tx, email: string): Promise<number> {
  return (await tx.delete(restockAlerts).where(sameAddress(email)).returning({ id: restockAlerts.id })).length;
}

/** Alerts never confirmed, asked for before `cutoff`: deleted (there is no consent to keep them on). */
export async function purgeUnconfirmedAlerts(tx: Tx, cutoff: Date): Promise<number> {
  const removed = await tx
    .delete(restockAlerts)
    .where(and(eq(restockAlerts.status, 'pending'), lt(restockAlerts.createdAt, cutoff)))
    .returning({ id: restockAlerts.id });
  return removed.length;
}

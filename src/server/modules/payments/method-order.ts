import { eq } from 'drizzle-orm';
import { CUSTOMER_PAYMENT_METHODS, type CustomerPaymentMethod } from '#shared/orders.ts';
import type { MethodOrderBody } from '#shared/schemas/payments.ts';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { configuredMethods } from '../../platform/payment-methods.ts';
import { recordChange } from '../audit/audit.ts';
import { paymentSettings } from './tables.ts';

/** The spec's two first (ARCHITECTURE.md: both offered, Multibanco preselected), then the methods issue #27 adds. */
const DEFAULT_ORDER: CustomerPaymentMethod[] = [...CUSTOMER_PAYMENT_METHODS];

const isMethod = (m: unknown): m is CustomerPaymentMethod => (CUSTOMER_PAYMENT_METHODS as readonly unknown[]).includes(m);

/** The owner's order of the four ways to pay; any method missing from a stored order (a later addition) goes last. */
export async function methodOrder(db: Db | Tx): Promise<CustomerPaymentMethod[]> {
  const [row] = await db.select({ order: paymentSettings.methodOrder }).from(paymentSettings).where(eq(paymentSettings.id, 1));
  const stored = (row?.order ?? DEFAULT_ORDER).filter(isMethod);
  return [...new Set([...stored, ...DEFAULT_ORDER])];
}

/** GET /payment/methods: what the checkout offers, in her order, only what the configuration takes. */
export async function offeredMethods(db: Db, config: Config) {
  const configured = configuredMethods(config.payments);
  return { methods: (await methodOrder(db)).filter((m) => configured.includes(m)) };
}

/** GET /payment/methods/settings (admin): her order, and which of them are configured. */
export const methodSettings = async (db: Db, config: Config) => ({ order: await methodOrder(db), configured: configuredMethods(config.payments) });

/** PUT /payment/methods/order (admin): kept with the order before and after in the audit log, like her other settings. */
export async function saveMethodOrder(db: Db, body: MethodOrderBody) {
  await db.transaction(async (tx) => {
    const before = await methodOrder(tx);
    await tx
      .insert(paymentSettings)
      .values({ id: 1, methodOrder: body.order })
      .onConflictDoUpdate({ target: paymentSettings.id, set: { methodOrder: body.order, updatedAt: new Date() } });
    if (before.join() === body.order.join()) return;
    await recordChange(tx, { entity: 'settings', entityId: 'meios-de-pagamento', action: 'update', before: { methodOrder: before.join(', ') }, after: { methodOrder: body.order.join(', ') } });
  });
}

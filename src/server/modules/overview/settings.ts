import { eq } from 'drizzle-orm';
import { DEFAULT_LOW_STOCK, type OverviewSettingsBody } from '#shared/schemas/overview.ts';
import { DEFAULT_WITHDRAWAL_DAYS } from '#shared/withdrawal.ts';
import type { Db, Tx } from '../../db/client.ts';
import { recordChange } from '../audit/audit.ts';
import { overviewSettings } from './tables.ts';

type OwnerSettings = { lowStockThreshold: number; mailNewOrders: boolean; withdrawalDays: number };

/** The owner's settings (the row is made by the migration; the defaults if it ever went). */
export async function ownerSettings(db: Db | Tx): Promise<OwnerSettings> {
  const [row] = await db
    .select({ lowStockThreshold: overviewSettings.lowStockThreshold, mailNewOrders: overviewSettings.mailNewOrders, withdrawalDays: overviewSettings.withdrawalDays })
    .from(overviewSettings)
    .where(eq(overviewSettings.id, 1));
  return row ?? { lowStockThreshold: DEFAULT_LOW_STOCK, mailNewOrders: false, withdrawalDays: DEFAULT_WITHDRAWAL_DAYS };
}

/** The shop's withdrawal period in days: the storefront's promise, the terms and the withdrawal function read it here. */
export const withdrawalDays = async (db: Db | Tx) => (await ownerSettings(db)).withdrawalDays;

/** Whether each new order is mailed to the owner (read when the mail's job runs). */
export const mailsNewOrders = async (db: Db) => (await ownerSettings(db)).mailNewOrders;

/** Keeps what the owner changed of her settings, with the values before and after in the audit log. */
export async function saveOwnerSettings(db: Db, body: OverviewSettingsBody) {
  await db.transaction(async (tx) => {
    const before = await ownerSettings(tx);
    const after = {
      lowStockThreshold: body.lowStockThreshold ?? before.lowStockThreshold,
      mailNewOrders: body.mailNewOrders ?? before.mailNewOrders,
      withdrawalDays: body.withdrawalDays ?? before.withdrawalDays,
    };
    await tx
      .insert(overviewSettings)
      .values({ id: 1, ...after })
      .onConflictDoUpdate({ target: overviewSettings.id, set: { ...after, updatedAt: new Date() } });
    const changed = (Object.keys(after) as (keyof OwnerSettings)[]).filter((key) => after[key] !== before[key]);
    if (!changed.length) return;
    const pick = (values: OwnerSettings) => Object.fromEntries(changed.map((key) => [key, values[key]]));
    // The low-stock level keeps the entity id its entries always had.
    const entityId = changed.length === 1 && changed[0] === 'mailNewOrders' ? 'emails-da-loja' : changed.length === 1 && changed[0] === 'withdrawalDays' ? 'prazo-de-livre-resolucao' : 'stock-baixo';
    await recordChange(tx, { entity: 'settings', entityId, action: 'update', before: pick(before), after: pick(after) });
  });
}

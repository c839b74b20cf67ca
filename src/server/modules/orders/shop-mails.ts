import { eq } from 'drizzle-orm';
import { createElement as h } from 'react';
import { formatLongDateTime } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { manualPaymentLabel, paymentMethodLabel } from '#shared/orders.ts';
import { paths } from '#shared/paths.ts';
import { STORED_ADDRESS_MAX } from '#shared/schemas/orders.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import { composeMail, queueMail } from '../../platform/mail.ts';
import { customerText } from '../../platform/mail-templates/customer-text.ts';
import { OrderSummary } from '../../platform/mail-templates/order-summary.ts';
import { itemsOf, mailOrder, type OrderRow } from './order-records.ts';
import { shopNewOrderJob, shopPaidJob } from './shop-mail-jobs.ts';
import { orders } from './tables.ts';

/* The shop's own e-mails of its orders (issue #25): to SHOP_EMAIL, each paid order, and each new one when the owner asks. */

type ShopMailContext = {
  db: Db;
  publicUrl: string;
  /** SHOP_EMAIL (the shop's public address without it). */
  to: string;
  /** The owner's setting, read when the job runs. */
  mailNewOrders: () => Promise<boolean>;
};

const FOOTER =
  'Recebe este e-mail por ser o endereço da loja (SHOP_EMAIL). Responder responde ao cliente. Os e-mails das encomendas novas ligam-se e desligam-se no Resumo do painel.';

/** How the money came: what the owner recorded, or the order's method (the gateway confirmed it). */
const paidBy = (row: OrderRow) => (row.paidMethod ? manualPaymentLabel[row.paidMethod] : paymentMethodLabel[row.paymentMethod]);

/** The owner's e-mail of an order: what happened, who bought what, where it goes, and the order's page in the back office. */
async function shopOrderMail(tx: Tx, ctx: ShopMailContext, row: OrderRow, event: 'paid' | 'new') {
  const order = await mailOrder(tx, ctx.publicUrl, row, await itemsOf(tx, row.id));
  const total = formatCents(row.totalWithTaxCents);
  const ships = order.lines.some((l) => !l.isDigital);
  const news =
    event === 'paid' ?
      `A encomenda n.º ${row.id} foi paga${row.paidAt ? ` em ${formatLongDateTime(row.paidAt.toISOString())}` : ''}: ${total} por ${paidBy(row)}.`
    : `Foi feita a encomenda n.º ${row.id}, de ${total}, a pagar por ${paymentMethodLabel[row.paymentMethod]}. Ainda não está paga: recebe outro e-mail quando for.`;
  const next =
    event === 'new' ? 'Não a prepare antes de ser paga.'
    : ships ? 'Prepare-a e, quando a entregar à transportadora, marque-a como enviada na página da encomenda.'
    : 'Só tem produtos digitais: o cliente já recebeu o acesso por e-mail.';
  const lines = order.lines.map((l) => `${l.quantity} × ${l.productName}${l.variantName ? ` (${l.variantName})` : ''}: ${formatCents(l.unitPriceCents * l.quantity)}`);
  return {
    ...(await composeMail({
      to: ctx.to,
      subject: event === 'paid' ? `Encomenda n.º ${row.id} paga: ${total}` : `Nova encomenda n.º ${row.id}: ${total}, por pagar`,
      greeting: 'Olá,',
      paragraphs: [
        news,
        `Cliente: ${customerText(row.email, 254)}, telefone ${customerText(row.phone, 40)}${row.nif ? `, NIF ${row.nif}` : ''}${row.company ? ` (${customerText(row.company, 200)})` : ''}.`,
        `Morada de envio: ${customerText(row.shippingAddress, STORED_ADDRESS_MAX)}.`,
        { html: h(OrderSummary, { order }), text: [...lines, `Total: ${total}`] },
        next,
      ],
      action: { label: 'Abrir a encomenda', url: `${ctx.publicUrl}${paths.adminEditOrder(row.id)}` },
      footer: FOOTER,
    })),
    // Answering the shop's mail of an order answers its customer.
    replyTo: row.email,
  };
}

async function mailShop(ctx: ShopMailContext, id: number, event: 'paid' | 'new') {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1);
    if (row) await queueMail(tx, await shopOrderMail(tx, ctx, row, event));
  });
}

export function registerShopMailJobs(jobs: JobRunner, ctx: ShopMailContext) {
  jobs.register(shopPaidJob, ({ orderId: id }) => mailShop(ctx, id, 'paid'));
  jobs.register(shopNewOrderJob, async ({ orderId: id }) => {
    if (await ctx.mailNewOrders()) await mailShop(ctx, id, 'new');
  });
}

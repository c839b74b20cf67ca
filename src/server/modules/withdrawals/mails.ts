import { formatLongDate, formatLongDateTime } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import { paths } from '#shared/paths.ts';
import type { Withdrawal } from '#shared/schemas/withdrawals.ts';
import { WITHDRAW_LABEL } from '#shared/withdrawal.ts';
import { composeMail } from '../../platform/mail.ts';
import { customerText } from '../../platform/mail-templates/customer-text.ts';
import { type OrderRow, withdrawalUrl } from '../orders/for-withdrawals.ts';
import type { RequestRow } from './rights.ts';

/** The last instant of a period as its day: "até 10 de dezembro de 2026". */
const lastDay = (exclusiveEnd: string) => formatLongDate(new Date(Date.parse(exclusiveEnd) - 1).toISOString());

/** What happens next, said the same way on the page and in the mail. */
export const nextSteps = (withdrawal: Withdrawal, returnAddress: string) => [
  `Devolva os artigos, no prazo de 14 dias, para: ${returnAddress}. Os custos da devolução são seus, salvo se o produto tiver defeito ou não corresponder à encomenda.`,
  `Reembolsamos ${formatEuros(withdrawal.amount)} pelo mesmo meio de pagamento até ${lastDay(withdrawal.refund_due_by)}; podemos aguardar a receção dos artigos ou a prova do seu envio.`,
];

/**
 * The acknowledgement on a durable medium (art. 11.º-A of Directive 2011/83/EU): the request's full content, its
 * date and time, what happens next. Sent in the transaction that stores the request.
 */
export const acknowledgementMail = (ctx: { publicUrl: string; returnAddress: string }, order: OrderRow, stored: RequestRow, withdrawal: Withdrawal) =>
  composeMail({
    to: order.email,
    subject: `Desistência da encomenda n.º ${order.id} recebida`,
    greeting: `Olá ${customerText(stored.name, 120)},`,
    paragraphs: [
      `Recebemos a sua desistência do contrato em ${formatLongDateTime(stored.requestedAt.toISOString())} (pedido n.º ${stored.id}). Este e-mail é o comprovativo.`,
      `O que declarou: «${customerText(stored.statement, 2000)}»`,
      `Artigos: ${withdrawal.lines.map((l) => `${l.quantity} × ${l.name} (${formatEuros(l.unit_price)} cada)`).join('; ')}.${withdrawal.shipping ? ` Portes de envio a devolver: ${formatEuros(withdrawal.shipping)}.` : ''}`,
      `Motivo: ${stored.reason ? customerText(stored.reason, 1000) : 'não indicado (não é obrigatório).'}`,
      ...nextSteps(withdrawal, ctx.returnAddress),
    ],
    action: { label: 'Ver a desistência', url: withdrawalUrl(ctx.publicUrl, order) },
  });

/** The footer's page: the link to her order's withdrawal function, only to the address the order was placed with. */
export const withdrawalLinkMail = (publicUrl: string, order: OrderRow) =>
  composeMail({
    to: order.email,
    subject: `${WITHDRAW_LABEL}: encomenda n.º ${order.id}`,
    greeting: 'Olá,',
    paragraphs: [
      `Pediu na loja a ligação para desistir do contrato da encomenda n.º ${order.id}. Abra-a para escolher os artigos e confirmar.`,
      ...(order.accessToken ? [] : ['Esta encomenda pertence a uma conta: inicie sessão com ela para continuar.']),
      `Se preferir escrever, use o formulário de livre resolução: ${publicUrl}${paths.withdrawalForm}`,
      'Se não fez este pedido, ignore este e-mail: nada muda na sua encomenda.',
    ],
    action: { label: WITHDRAW_LABEL, url: withdrawalUrl(publicUrl, order) },
  });

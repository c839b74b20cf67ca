import { formatLongDateTime } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { ART53_TEXT } from '#shared/vat.ts';
import { type CustomerPaymentMethod, orderStatusLabel, paymentMethodLabel, type OrderStatus, type PaymentMethod } from '#shared/orders.ts';
import { type Carrier, carrierLabel, trackingUrl } from '#shared/shipping.ts';
import { STORED_ADDRESS_MAX } from '#shared/schemas/orders.ts';
import { groupReference } from '#shared/schemas/payments.ts';
import { shop } from '#shared/shop.ts';
import { WITHDRAW_LABEL } from '#shared/withdrawal.ts';
import { createElement as h } from 'react';
import { composeMail, type MailBlock } from '../../platform/mail.ts';
import { customerText } from '../../platform/mail-templates/customer-text.ts';
import { discountRow, OrderSummary, type SummaryDiscount, type SummaryLine, type SummaryVat } from '../../platform/mail-templates/order-summary.ts';

const { preparation, mainland, islands } = shop.delivery;
/** The islands' range without its unit, as the shipped mail says it ("3 a 15 nas ilhas"). */
const islandsRange = islands.replace(/ dias úteis$/, '');

type MailOrder = {
  id: number;
  email: string;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  shippingAddress: string;
  shippingCents: number;
  totalTaxCents: number;
  totalWithTaxCents: number;
  /** The VAT as the order kept it (decision 0053): per rate, or the art. 53.º exemption. */
  vat?: SummaryVat;
  /** The discount code's line (decision 0054). */
  discount?: SummaryDiscount;
  /** What a cancelled paid order owes the customer. */
  refundDueCents?: number | null;
  /** An unpaid order's deadline: it is cancelled then, and its stock freed (#26). */
  payBy?: Date | null;
  /** Her consent to immediate supply of the digital lines, confirmed on a durable medium (DL 24/2014 art. 6.º, 17.º). */
  digitalConsent?: { at: Date; text: string } | null;
  lines: (SummaryLine & { isDigital: boolean })[];
  /** The order's withdrawal function and the model form (issue #28): in the order-received, shipped and delivered mails. */
  withdrawal?: { url: string; formUrl: string };
  /** How it ships (decision 0046): the method's name, where and when to pick it up (pickup only), and the parcel once it left. */
  shipping?: { methodName: string | null; pickupDetails: string | null; carrier: Carrier | null; trackingNumber: string | null };
};

/** The text mail's VAT words: the VAT included, per rate when several, or the art. 53.º words instead. */
const vatWords = (order: MailOrder) =>
  order.vat?.exempt
    ? ART53_TEXT
    : order.vat && order.vat.lines.length > 1
      ? `inclui ${order.vat.lines.map((l) => `IVA a ${l.rate}% de ${formatCents(l.taxCents)}`).join(' e ')}`
      : `inclui IVA de ${formatCents(order.totalTaxCents)}`;

/** "Desistir do contrato" in the mails the law names (art. 11.º-A of Directive 2011/83/EU): the function's own label, its link. */
const withdrawalParagraphs = (order: MailOrder, withForm = false): string[] =>
  order.withdrawal
    ? [
        `${WITHDRAW_LABEL}: pode desistir desta compra, sem indicar o motivo, dentro do prazo de livre resolução, em ${order.withdrawal.url}`,
        ...(withForm ? [`Se preferir escrever, use o formulário de livre resolução: ${order.withdrawal.formUrl}`] : []),
      ]
    : [];

/** The order's summary table, in the HTML part only: the text part says what it said before (`text`). */
const summary = (order: MailOrder, text: string[] = []): MailBlock => ({ html: h(OrderSummary, { order }), text });

const lineText = (l: MailOrder['lines'][number]) =>
  `${l.quantity} × ${l.productName}${l.variantName ? ` (${l.variantName})` : ''}: ${formatCents(l.unitPriceCents * l.quantity)}`;

const ships = (order: MailOrder) => order.lines.some((l) => !l.isDigital);

/** What happens once the money arrives: a digital-only order has nothing to prepare or send. */
function afterPayment(order: MailOrder) {
  const digital = order.lines.some((l) => l.isDigital);
  if (!ships(order)) return 'Assim que o pagamento for confirmado, enviamos-lhe o acesso aos produtos digitais, que também fica na página da encomenda.';
  return `Assim que o pagamento for confirmado, preparamos a encomenda (${preparation}) e avisamos quando for enviada.${digital ? ' Os produtos digitais ficam disponíveis logo após o pagamento.' : ''}`;
}

/** Where the order goes: the address (and the method chosen), or the atelier where the customer picks it up. */
function deliveryParagraphs(order: MailOrder) {
  const { methodName, pickupDetails } = order.shipping ?? {};
  if (pickupDetails !== null && pickupDetails !== undefined) return [`Levantamento no ateliê: ${customerText(pickupDetails, 600)}. Avisamos quando estiver pronta a levantar.`];
  return [`Morada de envio: ${customerText(order.shippingAddress, STORED_ADDRESS_MAX)}.`, ...(methodName ? [`Envio: ${methodName}.`] : [])];
}

/** A Multibanco reference as the customer types it at an ATM or in the bank's app. */
export type MultibancoDetails = { entity: string; reference: string; amountCents: number; expiresAt: Date };

/** Where a reference is paid, as the order's mail and its reminder say it. */
const MULTIBANCO_HOW = 'Para pagar por Multibanco (num multibanco ou na app do seu banco, em Pagamentos de serviços):';
const PAYSHOP_HOW = 'Para pagar em numerário num agente Payshop ou numa estação dos CTT, indique esta referência:';

const multibancoParagraphs = (mb: MultibancoDetails) => [
  MULTIBANCO_HOW,
  `Entidade: ${mb.entity}. Referência: ${groupReference(mb.reference)}. Valor: ${formatCents(mb.amountCents)}.`,
  `A referência é válida até ${formatLongDateTime(mb.expiresAt.toISOString())}; depois disso a encomenda é cancelada.`,
];

/** A Payshop reference, paid in cash at a Payshop agent or a CTT post office (issue #27). */
export type PayshopDetails = { kind: 'payshop'; reference: string; amountCents: number; expiresAt: Date };

const payshopParagraphs = (ps: PayshopDetails) => [
  PAYSHOP_HOW,
  `Referência Payshop: ${groupReference(ps.reference)}. Valor: ${formatCents(ps.amountCents)}.`,
  `A referência é válida até ${formatLongDateTime(ps.expiresAt.toISOString())}; depois disso a encomenda é cancelada.`,
];

/** Each way to pay as a sentence names it: "pode pagar por MB WAY, com cartão ou por Payshop". */
const wayWords: Record<CustomerPaymentMethod, string> = { multibanco: 'por Multibanco', mbway: 'por MB WAY', card: 'com cartão', payshop: 'por Payshop' };

/** The ways in a pt-PT list, in the order given: "por Multibanco", "por Multibanco ou por MB WAY", "a, b ou c". */
function wayList(ways: readonly CustomerPaymentMethod[]) {
  const words = ways.map((w) => wayWords[w]);
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} ou ${words.at(-1)}` : (words[0] ?? '');
}

/** The reference a mail carries, by the method that issued it. */
const methodOf = (reference: MultibancoDetails | PayshopDetails): CustomerPaymentMethod => ('kind' in reference ? 'payshop' : 'multibanco');

/** Where the order's page offers the other ways (issue #27): every way the shop offers but the one the mail already gives. */
function otherWays(ways: readonly CustomerPaymentMethod[], reference: MultibancoDetails | PayshopDetails | undefined, payBy: Date | null | undefined) {
  if (reference) {
    const others = ways.filter((w) => w !== methodOf(reference));
    return others.length ? [`Também pode pagar ${wayList(others)} na página da encomenda.`] : [];
  }
  if (!ways.length) return [];
  return [
    payBy
      ? `Na página da encomenda pode pagar ${wayList(ways)} até ${formatLongDateTime(payBy.toISOString())}; depois disso a encomenda é cancelada.`
      : `Na página da encomenda pode pagar ${wayList(ways)}.`,
  ];
}

/**
 * The order is registered and waits for its payment. A Multibanco or Payshop order carries its reference, so
 * the customer can pay later (bank's app, Payshop agent) without coming back to the shop. `ways`: the ways the
 * shop offers, in the owner's order (the order's page offers the same).
 */
export const orderReceivedMail = (order: MailOrder, url: string, ways: readonly CustomerPaymentMethod[], reference?: MultibancoDetails | PayshopDetails) =>
  composeMail({
    to: order.email,
    subject: `Recebemos a sua encomenda n.º ${order.id}`,
    greeting: 'Olá,',
    paragraphs: [
      `Obrigado pela sua compra! A encomenda n.º ${order.id} foi registada e está a aguardar pagamento (${paymentMethodLabel[order.paymentMethod]}).`,
      summary(order, [
        ...order.lines.map(lineText),
        ...discountRow(order.discount).map(([label, value]) => `${label}${value ? `: ${value}` : ''}.`),
        `Portes: ${order.shippingCents ? formatCents(order.shippingCents) : 'grátis'}. Total: ${formatCents(order.totalWithTaxCents)} (${vatWords(order)}).`,
      ]),
      ...(ships(order) ? deliveryParagraphs(order) : []),
      ...(order.digitalConsent
        ? [`Confirmamos o que aceitou em ${formatLongDateTime(order.digitalConsent.at.toISOString())}, ao encomendar: «${order.digitalConsent.text}»`]
        : []),
      ...(reference ? ('kind' in reference ? payshopParagraphs(reference) : multibancoParagraphs(reference)) : []),
      afterPayment(order),
      ...otherWays(ways, reference, order.payBy),
    ],
    action: { label: 'Ver e pagar a encomenda', url },
    after: withdrawalParagraphs(order, true),
  });

/** What to type at the ATM, or tell the Payshop agent, as the reminder says it. */
const reminderFigures = (ref: MultibancoDetails | PayshopDetails) =>
  'kind' in ref
    ? [PAYSHOP_HOW, `Referência Payshop: ${groupReference(ref.reference)}. Montante: ${formatCents(ref.amountCents)}.`]
    : [
        MULTIBANCO_HOW,
        `Entidade: ${ref.entity}. Referência: ${groupReference(ref.reference)}. Montante: ${formatCents(ref.amountCents)}.`,
      ];

/**
 * The Multibanco or Payshop reference of an order still unpaid near its deadline (#27, decisions 0049, 0052):
 * sent once, with what to pay and the order's page, where the shop's other ways pay it too.
 */
export const referenceReminderMail = (order: Pick<MailOrder, 'id' | 'email'>, url: string, ways: readonly CustomerPaymentMethod[], ref: MultibancoDetails | PayshopDetails) => {
  const name = paymentMethodLabel[methodOf(ref)];
  const others = ways.filter((w) => w !== methodOf(ref));
  return composeMail({
    to: order.email,
    subject: `Lembrete: a referência ${name} da encomenda n.º ${order.id} expira em breve`,
    greeting: 'Olá,',
    paragraphs: [
      `A encomenda n.º ${order.id} ainda aguarda pagamento. A referência ${name} é válida até ${formatLongDateTime(ref.expiresAt.toISOString())}; depois disso a encomenda é cancelada.`,
      ...reminderFigures(ref),
      ...(others.length ? [`Prefere pagar de outra forma? Na página da encomenda pode pagar ${wayList(others)}.`] : []),
      'Se já pagou, não precisa de fazer nada: o pagamento pode demorar um pouco a ser confirmado e avisamos por e-mail quando chegar.',
    ],
    action: { label: 'Ver e pagar a encomenda', url },
  });
};

const statusNews: Partial<Record<OrderStatus, string>> = {
  shipped: `A sua encomenda foi enviada e deve chegar dentro de ${mainland} (${islandsRange} nas ilhas).`,
  delivered: 'A sua encomenda foi entregue. Esperamos que goste! Se algo chegou danificado ou em falta, avise-nos nas próximas 48 horas.',
};

const cancelledNews = (order: MailOrder) =>
  order.refundDueCents
    ? `A sua encomenda foi cancelada. Vamos devolver-lhe ${formatCents(order.refundDueCents)} pelo mesmo meio de pagamento e avisamos quando o reembolso estiver feito.`
    : 'A sua encomenda foi cancelada. Não foi cobrado nenhum valor.';

/** The parcel the owner named: its carrier, its number and where to follow it. */
function trackingParagraphs(order: MailOrder) {
  const { carrier, trackingNumber } = order.shipping ?? {};
  if (!carrier || !trackingNumber) return [];
  const link = trackingUrl(carrier, trackingNumber);
  return [`Transportadora: ${carrierLabel[carrier]}. Número de seguimento: ${trackingNumber}.`, ...(link ? [`Siga a encomenda em: ${link}`] : [])];
}

/** An order to pick up at the atelier is not sent: it is ready to pick up, where and when the owner said. */
const readyForPickup = (order: MailOrder) =>
  order.status === 'shipped' && order.shipping?.pickupDetails !== null && order.shipping?.pickupDetails !== undefined;

/** Only the changes a customer waits for are mailed (shipped, or ready to pick up; delivered, cancelled). */
export async function orderStatusMail(order: MailOrder, url: string) {
  if (readyForPickup(order)) {
    return composeMail({
      to: order.email,
      subject: `Encomenda n.º ${order.id}: Pronta a levantar`,
      greeting: 'Olá,',
      paragraphs: [`A sua encomenda está pronta a levantar no ateliê: ${customerText(order.shipping?.pickupDetails ?? '', 600)}.`, 'Traga o número da encomenda.', summary(order)],
      action: { label: 'Ver a encomenda', url },
    });
  }
  const news = order.status === 'cancelled' ? cancelledNews(order) : statusNews[order.status];
  if (!news) return undefined;
  return composeMail({
    to: order.email,
    subject: `Encomenda n.º ${order.id}: ${orderStatusLabel[order.status]}`,
    greeting: 'Olá,',
    paragraphs: [news, ...(order.status === 'shipped' ? trackingParagraphs(order) : []), summary(order)],
    action: { label: 'Ver a encomenda', url },
    after: order.status === 'cancelled' ? [] : withdrawalParagraphs(order),
  });
}

/** A fiscal document as a mail links it: "Fatura-recibo FR A/12" and where its PDF is. */
export type MailDocument = { label: string; url: string };

const refundWays = { mbway: 'por MB WAY, para o número que usou no pagamento', transfer: 'por transferência bancária' } as const;

/** Who issues a refund's credit note: the invoicing provider (mailed when issued), or the shop in its own program (INVOICING=none). */
export type CreditNotesBy = 'provider' | 'shop';

const creditNoteWords: Record<CreditNotesBy, string> = {
  provider: 'Enviamos-lhe a nota de crédito assim que for emitida; também fica na página da encomenda.',
  shop: 'A loja envia-lhe a nota de crédito deste reembolso. Se precisar dela com urgência, responda a este e-mail.',
};

/** Money given back (all of a cancelled order's, or part of an order's): how, and who sends its credit note. */
export const refundedMail = (order: MailOrder, refund: { cents: number; method: keyof typeof refundWays }, url: string, creditNotes: CreditNotesBy) =>
  composeMail({
    to: order.email,
    subject: `Reembolso da encomenda n.º ${order.id}`,
    greeting: 'Olá,',
    paragraphs: [
      `Devolvemos ${formatCents(refund.cents)} da encomenda n.º ${order.id} ${refundWays[refund.method]}. Pode demorar alguns dias a aparecer na sua conta.`,
      summary(order),
      creditNoteWords[creditNotes],
    ],
    action: { label: 'Ver a encomenda', url },
  });

/** A fiscal document issued after its event's mail went: the invoice after a late provider, a credit note. */
export const documentMail = (order: MailOrder, document: MailDocument, url: string) =>
  composeMail({
    to: order.email,
    subject: `${document.label}: encomenda n.º ${order.id}`,
    greeting: 'Olá,',
    paragraphs: [`Emitimos o documento ${document.label} da encomenda n.º ${order.id}.`, `Pode descarregá-lo em PDF: ${document.url}`, summary(order)],
    action: { label: 'Ver a encomenda', url },
  });

/** The payment arrived: what happens next, and the digital products' links (delivered from now on). */
export const paymentReceivedMail = (
  order: MailOrder,
  url: string,
  digital: { name: string; link: string }[],
  ships: boolean,
  invoice: MailDocument | undefined,
) =>
  composeMail({
    to: order.email,
    subject: `Pagamento recebido: encomenda n.º ${order.id}`,
    greeting: 'Olá,',
    paragraphs: [
      `Recebemos o pagamento de ${formatCents(order.totalWithTaxCents)} da encomenda n.º ${order.id}. Obrigado!`,
      summary(order),
      ...digital.map((d) => `${d.name}: ${d.link}`),
      ...(digital.length ? ['Guarde este e-mail: os links dos produtos digitais também ficam na página da encomenda.'] : []),
      ...(ships ? [`Vamos preparar a sua encomenda (${preparation}) e avisamos assim que for enviada.`] : []),
      ...(invoice ? [`${invoice.label} (PDF): ${invoice.url}`] : []),
    ],
    action: { label: 'Ver a encomenda', url },
  });

export const unpaidCancelledMail = (order: MailOrder, url: string) =>
  composeMail({
    to: order.email,
    subject: `Encomenda n.º ${order.id} cancelada por falta de pagamento`,
    greeting: 'Olá,',
    paragraphs: [
      `O prazo para pagar a encomenda n.º ${order.id} (${formatCents(order.totalWithTaxCents)}) terminou sem recebermos o pagamento, por isso foi cancelada.`,
      summary(order),
      'Se ainda quiser os produtos, pode fazer uma nova encomenda na loja quando quiser.',
    ],
    action: { label: 'Ver a encomenda', url },
  });

/** Money the gateway took for an order already cancelled (a reference paid, an MB WAY request accepted late): it goes back. */
export const refundDueMail = (order: MailOrder, url: string) =>
  composeMail({
    to: order.email,
    subject: `Reembolso da encomenda n.º ${order.id}`,
    greeting: 'Olá,',
    paragraphs: [
      `Recebemos um pagamento de ${formatCents(order.refundDueCents ?? order.totalWithTaxCents)} da encomenda n.º ${order.id}, que já estava cancelada.`,
      `Vamos devolver-lhe ${formatCents(order.refundDueCents ?? order.totalWithTaxCents)} pelo mesmo meio de pagamento e avisamos quando o reembolso estiver feito.`,
      summary(order),
    ],
    action: { label: 'Ver a encomenda', url },
  });

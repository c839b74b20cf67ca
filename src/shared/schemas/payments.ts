import { z } from 'zod';
import './locale.ts';
import { valuesOf } from '../labelled.ts';
import { CUSTOMER_PAYMENT_METHODS } from '../orders.ts';
import { dateTime, email, euros } from './common.ts';
import { mbwayMobile, mbwayPhoneMessages } from './mbway-phone.ts';

/** Texts of the payment calls and screens (backoffice.md §2, §4, §8; storefront.md §7). */
export const paymentMessages = {
  mobileRequired: mbwayPhoneMessages.required,
  mobileInvalid: mbwayPhoneMessages.invalid,
  amountMismatch: 'O valor não corresponde ao total da encomenda. Atualize a página e tente novamente.',
  notPayable: 'Esta encomenda já não está à espera de pagamento.',
  gatewayUnavailable: 'Não foi possível contactar o serviço de pagamentos. Por favor, tente novamente dentro de momentos.',
  gatewayRefused: 'O serviço de pagamentos recusou o pedido. Por favor, tente novamente ou escolha outro método.',
  /** The MB WAY request was sent but its answer never came (issue #27): it may still reach the phone. */
  mbwayUnconfirmed:
    'O serviço de pagamentos não confirmou o envio do pedido MB WAY. Se o pedido chegou ao seu telemóvel, aceite-o na app MB WAY; se não chegou dentro de um minuto, peça de novo.',
  paymentNotFound: 'Pagamento não encontrado.',
  alertNotFound: 'Alerta não encontrado.',
  sandboxRequestNotFound: 'Pedido MB WAY não encontrado.',
  sandboxReferenceNotFound: 'Referência não encontrada, expirada ou já paga.',
  sandboxAmountMismatch: 'O montante não corresponde ao da referência.',
  sandboxPaid: 'Pagamento aceite. A loja recebeu a confirmação.',
  sandboxPaidForRefund: 'Pagamento aceite. A loja recebeu a confirmação, mas a encomenda já não esperava este pagamento: a loja vai devolvê-lo.',
  sandboxRefused: 'Pagamento recusado.',
  /** backoffice.md §8, with {status} replaced by paymentFailureWords. */
  failed: 'O pagamento {status}. Por favor, tente novamente ou escolha outro método.',
  statusError: 'Erro ao verificar o estado do pagamento. Por favor, tente novamente.',
  backToCheckout: 'Voltar ao Checkout',
  /** A way to pay the shop does not take (its key is not configured), asked for anyway (issue #27). */
  methodNotOffered: 'Este meio de pagamento não está disponível. Por favor, escolha outro.',
  sandboxCardNotFound: 'Pagamento por cartão não encontrado.',
  sandboxPayshopNotFound: 'Referência Payshop não encontrada, expirada ou já paga.',
  methodOrder: 'Indique cada meio de pagamento uma vez: Multibanco, MB WAY, Cartão e Payshop.',
  methodOrderSaved: 'Ordem dos meios de pagamento guardada: o checkout passa a mostrá-los assim.',
} as const;

/** The statuses `GET /payment/mbway/status/{orderId}` answers (backoffice.md §4). */
export const MBWAY_STATUSES = ['pending', 'paid', 'failed', 'expired', 'canceled', 'rejected', 'unknown_gateway_status'] as const;
export type MbwayStatus = (typeof MBWAY_STATUSES)[number];
export type FailedMbwayStatus = Exclude<MbwayStatus, 'pending' | 'paid'>;

/** The words that complete 'O pagamento {status}.' for each way an MB WAY request ends unpaid. */
export const paymentFailureWords: Record<FailedMbwayStatus, string> = {
  failed: 'falhou',
  expired: 'expirou',
  canceled: 'foi cancelado',
  rejected: 'foi recusado',
  unknown_gateway_status: 'não foi confirmado',
};

export const mbwayFailureMessage = (status: FailedMbwayStatus) => paymentMessages.failed.replace('{status}', paymentFailureWords[status]);

/** A Multibanco reference is valid 48 hours (backoffice.md §9); an MB WAY request 4 minutes. */
export const MULTIBANCO_VALID_HOURS = 48;
export const MBWAY_VALID_MINUTES = 4;
export const MBWAY_POLL_MS = 5000;
/** How often the Multibanco screen asks whether its reference was paid (issue #25): the bank's callback may take a minute. */
export const MULTIBANCO_POLL_MS = 10_000;

/** '123000125' → '123 000 125', as a Multibanco reference is printed for the customer. */
export const groupReference = (reference: string) => reference.replace(/(\d{3})(?=\d)/g, '$1 ');

/** The MB WAY number of the calls: Portuguese, or foreign with its country code (mbway-phone.ts). */
export { mbwayMobile } from './mbway-phone.ts';

const orderId = z.coerce.number().int().positive().max(2_147_483_647);
/** A guest proves the order is theirs with the token the checkout gave them. */
const guestToken = z.string().trim().max(100).optional();

export const multibancoBody = z.object({
  order_id: orderId,
  /** Sent by the spec's client; not needed for a reference. */
  phone_number: z.string().max(30).optional(),
  token: guestToken,
});

/** storefront.md §3: entity, reference, amount; plus when it stops being payable. */
export const multibancoAnswer = z.object({
  order_id: z.number().int(),
  entity: z.string(),
  /** Nine digits, no spaces. */
  reference: z.string(),
  /** Euros. */
  amount: euros,
  expiresAt: dateTime,
  /** True with the sandbox gateway: the reference can be "paid" at /sandbox/multibanco. */
  sandbox: z.boolean(),
});
export type MultibancoAnswer = z.infer<typeof multibancoAnswer>;

export const mbwayBody = z.object({
  order_id: orderId,
  /** Euros; must be the order's total. */
  amount: z.number({ error: paymentMessages.amountMismatch }).positive({ error: paymentMessages.amountMismatch }),
  phone_number: mbwayMobile,
  email,
  token: guestToken,
});

export const mbwayAnswer = z.object({
  order_id: z.number().int(),
  status: z.enum(MBWAY_STATUSES),
  /** The number the request went to: 9 digits for Portugal, "+<code><number>" otherwise. */
  phone_number: z.string(),
  amount: euros,
  expiresAt: dateTime,
  /** Only with the sandbox gateway: the page where the test "phone" accepts or refuses. */
  sandboxUrl: z.string().optional(),
});
export type MbwayAnswer = z.infer<typeof mbwayAnswer>;

export const orderIdParam = z.object({ orderId });

/** `POST /payment/card` and `POST /payment/payshop` (issue #27): the order, and a guest's token. */
export const orderPaymentBody = z.strictObject({ orderId, token: guestToken });

/** `POST /payment/card`: the gateway's card page, where the customer is sent. */
export const cardAnswer = z.object({ paymentUrl: z.string() });
export type CardAnswer = z.infer<typeof cardAnswer>;

/** `POST /payment/payshop`: the reference paid in cash at a Payshop agent or CTT post office, and until when. */
export const payshopAnswer = z.object({
  order_id: z.number().int(),
  /** 13 digits, no spaces. */
  reference: z.string(),
  /** Euros. */
  amount: euros,
  expiresAt: dateTime,
  /** True with the sandbox gateway: the reference can be "paid" at /sandbox/payshop. */
  sandbox: z.boolean(),
});
export type PayshopAnswer = z.infer<typeof payshopAnswer>;

/** `GET /payment/methods`: the ways to pay the checkout offers, in the owner's order. */
export const paymentMethodsAnswer = z.object({ methods: z.array(z.enum(CUSTOMER_PAYMENT_METHODS)) });
export type PaymentMethodsAnswer = z.infer<typeof paymentMethodsAnswer>;

/** The owner's order of the four ways to pay: each once (configured or not: one not configured is skipped when offered). */
export const methodOrderBody = z.strictObject({
  order: z
    .array(z.enum(CUSTOMER_PAYMENT_METHODS, { error: paymentMessages.methodOrder }), { error: paymentMessages.methodOrder })
    .length(CUSTOMER_PAYMENT_METHODS.length, { error: paymentMessages.methodOrder })
    .refine((order) => new Set(order).size === order.length, { error: paymentMessages.methodOrder }),
});
export type MethodOrderBody = z.infer<typeof methodOrderBody>;

/** `GET /payment/methods/settings` (admin): her order, and which methods the configuration offers. */
export const methodSettingsAnswer = z.object({
  order: z.array(z.enum(CUSTOMER_PAYMENT_METHODS)),
  configured: z.array(z.enum(CUSTOMER_PAYMENT_METHODS)),
});
export type MethodSettingsAnswer = z.infer<typeof methodSettingsAnswer>;

export const sandboxPayshopBody = z.object({
  reference: z
    .string()
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{13}$/, { error: 'A referência Payshop tem 13 dígitos.' })),
  amount: z.number().positive(),
});
export const guestTokenQuery = z.object({ token: guestToken });

export const mbwayStatusAnswer = z.object({ status: z.enum(MBWAY_STATUSES) });

export const paymentStatusLabel = { pending: 'A aguardar pagamento', paid: 'Pago', failed: 'Falhou', expired: 'Expirado', canceled: 'Cancelado', rejected: 'Recusado' };
export const PAYMENT_STATUSES = valuesOf(paymentStatusLabel);
export type PaymentStatus = keyof typeof paymentStatusLabel;

/** One attempt to pay an order, as its owner sees it; admins also get the gateway's ids. */
export const paymentInfo = z.object({
  id: z.number().int(),
  method: z.enum(['multibanco', 'mbway', 'card', 'payshop']),
  status: z.enum(PAYMENT_STATUSES),
  amount: euros,
  entity: z.string().nullable(),
  reference: z.string().nullable(),
  phone_number: z.string().nullable(),
  expiresAt: dateTime,
  paidAt: dateTime.nullable(),
  createdAt: dateTime,
  /** 'sandbox' or 'ifthenpay'. */
  gateway: z.string(),
  /** Sandbox MB WAY only: the test phone's page. */
  sandboxUrl: z.string().optional(),
  gatewayOrderId: z.string().optional(),
  requestId: z.string().nullable().optional(),
});
export type PaymentInfo = z.infer<typeof paymentInfo>;

/** A callback that claimed money moved but paid nothing of ours: the admin must look at it. */
export const paymentAlert = z.object({
  id: z.number().int(),
  order_id: z.number().int().nullable(),
  outcome: z.string(),
  receivedAt: dateTime,
  params: z.record(z.string(), z.string()),
});

/** `GET /payment/order/{orderId}`: the order's payments, newest first (alerts only for admins). */
export const orderPaymentsAnswer = z.object({
  payments: z.array(paymentInfo),
  alerts: z.array(paymentAlert).optional(),
});
export type OrderPaymentsAnswer = z.infer<typeof orderPaymentsAnswer>;

export const paymentAlertList = z.array(paymentAlert);
export type PaymentAlert = z.infer<typeof paymentAlert>;

/** What each flagged callback means, in the shop owner's words. */
export const paymentAlertLabel: Record<string, string> = {
  order_cancelled: 'Pagamento recebido para uma encomenda cancelada',
  not_pending: 'Segundo pagamento de uma encomenda já paga',
  amount_mismatch: 'Valor recebido diferente do valor da encomenda',
  unknown_payment: 'Pagamento confirmado pela ifthenpay que não corresponde a nenhum pagamento da loja',
};

/** Sandbox only: what the test phone shows, and its answer. */
export const sandboxMbwayRequest = z.object({
  requestId: z.string(),
  order_id: z.number().int(),
  amount: z.number(),
  phone_number: z.string(),
  status: z.enum(MBWAY_STATUSES),
  expiresAt: dateTime,
});
export type SandboxMbwayRequest = z.infer<typeof sandboxMbwayRequest>;
export const sandboxRequestParam = z.object({ requestId: z.string().trim().min(1).max(100) });
export const sandboxDecisionBody = z.object({ accept: z.boolean() });
export const sandboxMultibancoBody = z.object({
  entity: z.string().trim().regex(/^\d{5}$/, { error: 'A entidade tem 5 dígitos.' }),
  reference: z
    .string()
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{9}$/, { error: 'A referência tem 9 dígitos.' })),
  amount: z.number().positive(),
});

/** Sandbox: the card page's three outcomes (issue #27). */
export const sandboxCardBody = z.strictObject({ action: z.enum(['accept', 'refuse', 'cancel']) });
export const sandboxCardAnswer = z.object({
  requestId: z.string(),
  order_id: z.number().int(),
  amount: z.number(),
  status: z.enum(PAYMENT_STATUSES),
});
export type SandboxCardAnswer = z.infer<typeof sandboxCardAnswer>;

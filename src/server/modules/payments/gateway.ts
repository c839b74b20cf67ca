import { createHash, timingSafeEqual } from 'node:crypto';
import type { MbwayStatus } from '#shared/schemas/payments.ts';

/**
 * One Multibanco reference the gateway issued, with the last day it can be paid as the gateway wrote it
 * (ifthenpay's ExpiryDate, "dd-mm-yyyy"; null when it gave none).
 */
export type IssuedReference = { entity: string; reference: string; requestId: string | null; expiryDate: string | null };

/** A card payment the gateway opened: the page the customer pays on, and the gateway's id of the payment. */
export type OpenedCardPayment = { requestId: string; paymentUrl: string };

/** Where the gateway's card page sends the customer back to the shop, for each way it can end. */
export type CardReturnUrls = { success: string; error: string; cancel: string };

/** A Payshop reference the gateway issued (13 digits), with the gateway's id of it. */
export type IssuedPayshopReference = { reference: string; requestId: string };

/** What a gateway's callback says was paid, once its key is checked. */
export type PaidCallback = {
  gatewayOrderId: string;
  amountCents: number;
  requestId: string | null;
  entity: string | null;
  reference: string | null;
};

/**
 * A payment gateway (ARCHITECTURE.md "Payments through a gateway adapter"): ifthenpay in production, the
 * sandbox on a developer's machine. Every call that reaches the network may throw GatewayError.
 */
export interface PaymentGateway {
  readonly name: 'sandbox' | 'ifthenpay';
  createMultibancoReference(request: { gatewayOrderId: string; amountCents: number; expiryDays: number }): Promise<IssuedReference>;
  /** Sends the payment request to the customer's phone; answers the gateway's request id. */
  startMbway(request: {
    gatewayOrderId: string;
    amountCents: number;
    /** As stored: 9 digits for Portugal, "+<code><number>" for another country (mbway-phone.ts). */
    mobile: string;
    email: string;
    description: string;
  }): Promise<{ requestId: string }>;
  /** The gateway's view of an MB WAY request. */
  mbwayStatus(requestId: string): Promise<MbwayStatus>;
  /** Which of the optional ways to pay this gateway takes (ifthenpay: when their keys are configured). */
  readonly offers: { card: boolean; payshop: boolean };
  /** Opens the gateway's card payment page for one attempt (ifthenpay-documented/ccard-init.json). */
  startCard(request: { gatewayOrderId: string; amountCents: number; returnUrls: CardReturnUrls }): Promise<OpenedCardPayment>;
  /**
   * Issues a Payshop reference payable until the end of `lastDay` (Lisbon, "yyyymmdd"), as
   * ifthenpay-documented/payshop-reference.json.
   */
  createPayshopReference(request: { gatewayOrderId: string; amountCents: number; lastDay: string }): Promise<IssuedPayshopReference>;
  /** Whether MB WAY and card money can be given back through the gateway (ifthenpay needs its back-office key). */
  readonly refundsMbway: boolean;
  /** Gives part or all of a paid MB WAY request or card payment back (the same refund call); answers the gateway's refund id. */
  refundMbway(request: { requestId: string; amountCents: number }): Promise<{ refundId: string }>;
  /** Checks a callback's anti-phishing key (in constant time) and reads it; null when it is not genuine. */
  parseCallback(params: Record<string, string>): PaidCallback | null | 'malformed';
}

/** The gateway could not be reached, or answered something other than success. */
export class GatewayError extends Error {
  readonly refused: boolean;
  constructor(message: string, refused: boolean) {
    super(message);
    this.refused = refused;
  }
}

/** Cents → the gateways' amount text: "20.00". */
export const gatewayAmount = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** The gateways' amount text → cents; "20", "20.0", "20.00" and "20,00" are read, anything else is not. */
export function parseGatewayAmount(text: string | undefined): number | undefined {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text?.trim() ?? '');
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** Compares secrets without leaking, through timing, how much of a guess was right (or its length). */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * ifthenpay's callback (a GET the gateway sends when money arrives), which the sandbox imitates:
 * key (anti-phishing), orderId, amount, requestId, and for Multibanco entity and reference.
 */
export function parseIfthenpayCallback(params: Record<string, string>, callbackKey: string): PaidCallback | null | 'malformed' {
  if (!sameSecret(params.key ?? '', callbackKey)) return null;
  const amountCents = parseGatewayAmount(params.amount);
  const gatewayOrderId = params.orderId?.trim();
  if (!gatewayOrderId || amountCents === undefined) return 'malformed';
  const text = (v: string | undefined) => v?.trim() || null;
  return {
    gatewayOrderId,
    amountCents,
    requestId: text(params.requestId),
    entity: text(params.entity),
    reference: text(params.reference)?.replace(/\s/g, '') ?? null,
  };
}

/*
 * The addresses of the card payment's pages (issue #27), built here rather than in paths.ts: only the server and the
 * checkout's and payment screens' chunks need them, and the storefront's first script is at its size ceiling.
 */

/** How the gateway's card page ended, as the shop's return address names it. */
export type CardOutcome = 'sucesso' | 'erro' | 'cancelado';

/** Where ifthenpay's card page sends the customer back (paths.cardReturn); a guest's link carries the order's token. */
export const cardReturnPath = (outcome: CardOutcome, orderId: number, token?: string | null) =>
  `/pagamento/cartao/${outcome}/${orderId}${token ? `/${encodeURIComponent(token)}` : ''}`;

/** The sandbox's card page of one payment (paths.sandboxCard). */
export const sandboxCardPath = (requestId: string) => `/sandbox/cartao/${encodeURIComponent(requestId)}`;

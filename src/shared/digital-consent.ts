/*
 * The checkout's words that the law asks for (decision 0041). Shared: the checkout shows them, and the server
 * stores these exact words with the order (never a text the client sends).
 */

/**
 * The express consent to immediate supply and the acknowledgement that the right of withdrawal is then lost
 * (DL 24/2014 art. 17.º n.º 1 al. l)), shown unticked only when the cart holds digital products.
 */
export const DIGITAL_CONSENT_TEXT =
  'Peço o fornecimento imediato dos produtos digitais desta encomenda, logo após o pagamento, e reconheço que, a partir desse momento, perco o direito de livre resolução sobre eles.';

/** The final checkout button: words that say the order obliges to pay (DL 24/2014 art. 5.º n.º 3; CJEU C-249/21). */
export const ORDER_BUTTON_LABEL = 'Encomendar e pagar';

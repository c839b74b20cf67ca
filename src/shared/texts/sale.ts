// What a shopper reads of a sale (decision 0048): kept small, every storefront page may show it.

export const saleTexts = {
  /** For screen readers, before the struck price. */
  before: 'Preço antes da promoção',
  now: 'Preço em promoção',
  /** DL 70/2007, art. 5.º: beside every announced reduction. */
  lowest: 'Preço mais baixo nos últimos 30 dias: {price}',
  until: 'Promoção até {day}',
} as const;

/** The shop's own details, shown in the footer, contact page and e-mails. */
export const shop = {
  name: 'Loja',
  tagline: 'Organização pessoal, produtos e serviços',
  quote: 'Organizar é abrir espaço para o que realmente importa.',
  /** The delivery promise, said the same way by checkout, e-mails and terms. */
  delivery: {
    /** Working days to prepare an order once its payment is confirmed. */
    preparation: '2 a 7 dias úteis',
    /** The carrier's time, mainland Portugal. */
    mainland: '2 dias úteis',
    /** The carrier's time to the islands (Azores and Madeira) and abroad. */
    islands: '3 a 15 dias úteis',
  },
} as const;

// The sale's messages in the product form and the API's refusals (decision 0048): only the back office and the
// server load them.

export const saleMessages = {
  salePrice: 'O preço de promoção tem de ser um valor em euros (por exemplo 12,50), ou ficar vazio.',
  saleNotBelow: 'O preço de promoção tem de ser inferior ao preço.',
  saleDay: 'Escolha um dia válido (AAAA-MM-DD), ou deixe vazio.',
  saleDaysInverted: 'O último dia da promoção não pode ser anterior ao primeiro.',
  saleDaysWithoutPrice: 'Indique o preço de promoção, ou deixe os dias vazios.',
} as const;

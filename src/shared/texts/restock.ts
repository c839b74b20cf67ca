// "Avise-me quando voltar" (issue #30): the texts the product page and the mails show, apart from the zod
// schemas so the product page does not load the validation library for them.

export const restockMessages = {
  heading: 'Avise-me quando voltar',
  intro: 'Deixe o seu email e avisamos quando voltar a estar disponível.',
  emailLabel: 'O seu email',
  submit: 'Avisar-me',
  /** A guest's address: proven first, as the newsletter does. */
  checkEmail: 'Enviámos-lhe um email: confirme o pedido para ser avisado quando voltar a estar disponível.',
  /** A signed-in customer's own address: nothing to prove. */
  subscribed: 'Vamos avisá-lo por email quando voltar a estar disponível.',
  subscribeError: 'Não foi possível registar o pedido. Tente novamente.',
  inStock: 'Este produto está disponível: pode encomendá-lo já.',
  variantUnknown: 'Essa variante não pertence a este produto.',
  variantRequired: 'Escolha a variante de que quer ser avisado.',
  confirmed: 'Pedido confirmado: vamos avisá-lo por email quando voltar a estar disponível.',
  confirmedBackAlready: 'Pedido confirmado. Boa notícia: já voltou a estar disponível, enviámos-lhe um email.',
  linkInvalid: 'Este link não é válido ou já foi usado.',
  linkExpired: 'Este link expirou. Peça o aviso de novo na página do produto.',
  tokenMissing: 'Link inválido: falta o código.',
  stopped: 'Já não o vamos avisar deste produto.',
  alreadyStopped: 'Este aviso já estava cancelado.',
  confirmError: 'Não foi possível confirmar o pedido. Tente novamente.',
  stopError: 'Não foi possível cancelar o aviso. Tente novamente.',
} as const;

/** The owner's line on the product form. */
export const waitingLine = (count: number) =>
  count === 0 ? 'Ninguém está à espera de aviso.' : count === 1 ? '1 cliente à espera de aviso.' : `${count} clientes à espera de aviso.`;

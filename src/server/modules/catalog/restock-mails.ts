import { composeMail } from '../../platform/mail.ts';

export const CONFIRM_LINK_DAYS = 7;

// The pages the links open: the shop's (they call the API and say what happened), as the newsletter's do.
export const restockConfirmUrl = (publicUrl: string, token: string) => `${publicUrl}/avise-me/confirmar?token=${token}`;
export const restockStopUrl = (publicUrl: string, token: string) => `${publicUrl}/avise-me/cancelar?token=${token}`;
const productUrl = (publicUrl: string, productId: number) => `${publicUrl}/produtos/${productId}`;

/** What the customer asked to be told of: the product, and its variant when the alert names one. */
export const itemName = (product: string, variant: string | null) => (variant ? `${product} (${variant})` : product);

/** Double opt-in (decision 0010's rule): an address typed by a guest is told nothing until its owner confirms. */
export const restockConfirmationMail = (to: string, item: string, url: string) =>
  composeMail({
    to,
    subject: `Confirme o aviso: ${item}`,
    greeting: 'Olá,',
    paragraphs: [
      `Recebemos um pedido para avisar este email quando «${item}» voltar a estar disponível na Loja. Para o receber, confirme o pedido no botão abaixo.`,
      `O link é válido durante ${CONFIRM_LINK_DAYS} dias. Se não fez este pedido, ignore esta mensagem: não lhe enviaremos nada.`,
    ],
    action: { label: 'Confirmar o aviso', url },
  });

/** The one mail of a return to stock: the product's link first, the way to stop last. */
export const backInStockMail = (to: string, options: { publicUrl: string; productId: number; item: string; stopToken: string }) =>
  composeMail({
    to,
    subject: `Voltou a estar disponível: ${options.item}`,
    greeting: 'Olá,',
    paragraphs: [
      `Boa notícia: «${options.item}» voltou a estar disponível na Loja. Veja-o em ${productUrl(options.publicUrl, options.productId)}`,
      'As unidades podem ser poucas: o stock não fica reservado até concluir a encomenda.',
      `Se voltar a esgotar, avisamos outra vez. Para deixar de ser avisado deste produto: ${restockStopUrl(options.publicUrl, options.stopToken)}`,
    ],
    action: { label: 'Ver o produto', url: productUrl(options.publicUrl, options.productId) },
  });

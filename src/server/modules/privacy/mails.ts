import { USERNAME_MAX } from '#shared/schemas/common.ts';
import { composeMail } from '../../platform/mail.ts';
import { customerText } from '../../platform/mail-templates/customer-text.ts';

/** The username is the customer's own text: never a link in the shop's mail (decision 0026). */
const hello = (username: string) => `Olá ${customerText(username, USERNAME_MAX)},`;

export const erasureLinkMail = (to: string, username: string, url: string) =>
  composeMail({
    to,
    subject: 'Confirme o apagamento da sua conta',
    greeting: hello(username),
    paragraphs: [
      'Pediu para apagar a sua conta na Loja. Para confirmar, abra o link abaixo e confirme mais uma vez.',
      'A conta, as moradas e as sessões são apagadas; as encomendas ficam no registo fiscal, sem o seu nome, email, telefone ou morada.',
      'O link é válido durante 1 hora e só pode ser usado uma vez. Se não fez este pedido, ignore esta mensagem: nada muda na sua conta.',
    ],
    action: { label: 'Apagar a minha conta', url },
  });

export const accountErasedMail = (to: string, username: string) =>
  composeMail({
    to,
    subject: 'A sua conta foi apagada',
    greeting: hello(username),
    paragraphs: [
      'A sua conta na Loja foi apagada, com as suas moradas, sessões, mensagens de contacto e a subscrição da newsletter.',
      'Por obrigação fiscal (artigo 52.º do Código do IVA), guardamos durante 10 anos o registo das suas encomendas e faturas, sem o seu nome, email, telefone ou morada.',
    ],
  });

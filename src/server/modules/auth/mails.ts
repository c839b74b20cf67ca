import { USERNAME_MAX } from '#shared/schemas/common.ts';
import { composeMail } from '../../platform/mail.ts';
import { customerText } from '../../platform/mail-templates/customer-text.ts';

/** The username is the customer's own text: never a link in the shop's mail (decision 0026). */
const hello = (username: string) => `Olá ${customerText(username, USERNAME_MAX)},`;

export const verificationMail = (to: string, username: string, url: string) =>
  composeMail({
    to,
    subject: 'Confirme o seu email',
    greeting: hello(username),
    paragraphs: [
      'Obrigado pelo seu registo na Loja. Para ativar a conta, confirme o seu email no botão abaixo.',
      'O link é válido durante 48 horas. Se não se registou, ignore esta mensagem.',
    ],
    action: { label: 'Confirmar email', url },
  });

export const resetMail = (to: string, username: string, url: string) =>
  composeMail({
    to,
    subject: 'Redefinir a palavra-passe',
    greeting: hello(username),
    paragraphs: [
      'Recebemos um pedido para redefinir a palavra-passe da sua conta.',
      'O link é válido durante 1 hora e só pode ser usado uma vez. Se não fez este pedido, ignore esta mensagem: a sua palavra-passe não muda.',
    ],
    action: { label: 'Redefinir palavra-passe', url },
  });

export const emailChangeMail = (to: string, username: string, url: string) =>
  composeMail({
    to,
    subject: 'Confirme o seu novo email',
    greeting: hello(username),
    paragraphs: [
      'Pediu para mudar o email da sua conta na Loja para este endereço. Confirme a mudança no botão abaixo.',
      'O link é válido durante 24 horas. Se não fez este pedido, ignore esta mensagem.',
    ],
    action: { label: 'Confirmar novo email', url },
  });

export const accountExistsMail = (to: string, username: string, loginUrl: string, resetUrl: string) =>
  composeMail({
    to,
    subject: 'Já tem conta na Loja',
    greeting: hello(username),
    paragraphs: [
      'Alguém tentou criar uma conta na Loja com este email, mas ele já pertence à sua conta.',
      `Se foi você, pode iniciar sessão em ${loginUrl}; se não se lembra da palavra-passe, peça uma nova em ${resetUrl}. Se não foi você, ignore esta mensagem: nada mudou na sua conta.`,
    ],
    action: { label: 'Iniciar sessão', url: loginUrl },
  });

/** The owner's warning when her account's lock starts (once per lock), with the client addresses seen. */
export const failedLoginsMail = (to: string, username: string, addresses: string[], links: { signIn: string; reset: string }) =>
  composeMail({
    to,
    subject: 'Tentativas de início de sessão falhadas',
    greeting: hello(username),
    paragraphs: [
      'Houve várias tentativas de iniciar sessão na sua conta da Loja com uma palavra-passe errada. Por segurança, as próximas tentativas com palavra-passe vão esperar alguns minutos.',
      `As tentativas vieram ${addresses.length === 1 ? 'deste endereço' : 'destes endereços'}: ${addresses.join(', ') || 'desconhecido'}.`,
      `Pode sempre entrar sem esperar: na página de início de sessão (${links.signIn}), peça uma ligação para entrar, que enviamos para este email. Se não foi você, recomendamos que redefina a palavra-passe agora.`,
    ],
    action: { label: 'Redefinir palavra-passe', url: links.reset },
  });

export const signInLinkMail = (to: string, username: string, url: string) =>
  composeMail({
    to,
    subject: 'A sua ligação para entrar',
    greeting: `Olá ${username},`,
    paragraphs: [
      'Pediu uma ligação para entrar na sua conta da Loja sem palavra-passe. Abra-a no botão abaixo.',
      'A ligação é válida durante 15 minutos e só pode ser usada uma vez. Se não fez este pedido, ignore esta mensagem: ninguém entra na sua conta sem ela.',
    ],
    action: { label: 'Entrar na minha conta', url },
  });

import { composeMail } from '../../platform/mail.ts';

export const verificationMail = (to: string, username: string, url: string) =>
  composeMail({
    to,
    subject: 'Confirme o seu email',
    greeting: `Olá ${username},`,
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
    greeting: `Olá ${username},`,
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
    greeting: `Olá ${username},`,
    paragraphs: [
      'Pediu para mudar o email da sua conta na Loja para este endereço. Confirme a mudança no botão abaixo.',
      'O link é válido durante 24 horas. Se não fez este pedido, ignore esta mensagem.',
    ],
    action: { label: 'Confirmar novo email', url },
  });

import { composeMail, type MailMessage } from '../../platform/mail.ts';

type Sent = { name: string; email: string; subject: string; message: string };

/** The shop's copy of a contact message: answering it answers the sender (Reply-To). */
export async function contactMail(to: string, sent: Sent): Promise<MailMessage> {
  const paragraphs = sent.message.split(/\r?\n\s*\r?\n/).map((p) => p.trim()).filter(Boolean);
  return {
    ...(await composeMail({
      to,
      subject: `Contacto: ${sent.subject}`,
      greeting: `Nova mensagem de ${sent.name} (${sent.email}), enviada pelo formulário de contacto:`,
      paragraphs: [`Assunto: ${sent.subject}`, ...paragraphs],
      footer: `Responda a este email para escrever diretamente a ${sent.name}. A mensagem fica também no separador Mensagens do painel de administração.`,
    })),
    replyTo: sent.email,
  };
}

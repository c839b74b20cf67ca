import { CONTACT_LIMITS } from '#shared/schemas/contact.ts';
import { composeMail, type MailMessage } from '../../platform/mail.ts';
import { customerText } from '../../platform/mail-templates/customer-text.ts';

type Sent = { name: string; email: string; subject: string; message: string };

/**
 * The shop's copy of a contact message: answering it answers the sender (Reply-To). Everything in it is
 * the visitor's text, so none of it is a link (decision 0026).
 */
export async function contactMail(to: string, sent: Sent): Promise<MailMessage> {
  const name = customerText(sent.name, CONTACT_LIMITS.name);
  const subject = customerText(sent.subject, CONTACT_LIMITS.subject);
  const paragraphs = customerText(sent.message, CONTACT_LIMITS.message, { lines: true })
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return {
    ...(await composeMail({
      to,
      subject: `Contacto: ${subject}`,
      greeting: `Nova mensagem de ${name} (${customerText(sent.email, CONTACT_LIMITS.email)}), enviada pelo formulário de contacto:`,
      paragraphs: [`Assunto: ${subject}`, ...paragraphs],
      footer: `Responda a este email para escrever diretamente a ${name}. A mensagem fica também no separador Mensagens do painel de administração.`,
    })),
    replyTo: sent.email,
  };
}

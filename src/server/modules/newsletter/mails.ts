import { htmlToText, sanitizeRichText } from '../../platform/html.ts';
import { escapeMarkup } from '../../platform/html.ts';
import { composeMail, type MailMessage } from '../../platform/mail.ts';

export const CONFIRM_LINK_DAYS = 7;

export const confirmUrl = (publicUrl: string, token: string) => `${publicUrl}/newsletter/verify?token=${token}`;
/** The page a reader opens from the newsletter's footer. */
export const unsubscribePageUrl = (publicUrl: string, token: string) => `${publicUrl}/newsletter/unsubscribe?token=${token}`;
/** The API call mail providers POST to for one-click unsubscribe (RFC 8058). */
export const unsubscribeApiUrl = (publicUrl: string, token: string) => `${publicUrl}/api/newsletter/unsubscribe?token=${token}`;

export const confirmationMail = (to: string, url: string) =>
  composeMail({
    to,
    subject: 'Confirme a subscrição da newsletter',
    greeting: 'Olá,',
    paragraphs: [
      'Recebemos um pedido para subscrever a newsletter da Loja com este email. Para começar a recebê-la, confirme a subscrição no botão abaixo.',
      `O link é válido durante ${CONFIRM_LINK_DAYS} dias. Se não fez este pedido, ignore esta mensagem: não lhe enviaremos nada.`,
    ],
    action: { label: 'Confirmar subscrição', url },
  });

type Newsletter = { title: string; content: string };

/** The newsletter's own frame: the admin's (sanitised) HTML between the title and the footer. */
function frame(newsletter: Newsletter, footerHtml: string) {
  const title = escapeMarkup(newsletter.title);
  return `<!doctype html><html lang="pt-PT"><head><meta charset="utf-8"><title>${title}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#212529;line-height:1.5;max-width:600px;margin:0 auto;padding:24px">
<h1 style="font-size:24px;margin:0 0 16px">${title}</h1>
${sanitizeRichText(newsletter.content)}
<hr style="border:none;border-top:1px solid #dee2e6;margin:24px 0">
<p style="font-size:12px;color:#6c757d">${footerHtml}</p>
</body></html>`;
}

const body = (newsletter: Newsletter) => `${newsletter.title}\n\n${htmlToText(sanitizeRichText(newsletter.content))}`;

/** One subscriber's copy: their own unsubscribe link in the footer and in the List-Unsubscribe headers. */
export function newsletterMail(publicUrl: string, to: string, unsubscribeToken: string, newsletter: Newsletter): MailMessage {
  const pageUrl = unsubscribePageUrl(publicUrl, unsubscribeToken);
  return {
    to,
    subject: newsletter.title,
    html: frame(
      newsletter,
      `Recebe esta newsletter porque a subscreveu na Loja. <a href="${escapeMarkup(pageUrl)}">Cancelar a subscrição</a>.`,
    ),
    text: `${body(newsletter)}\n\n--\nRecebe esta newsletter porque a subscreveu na Loja.\nCancelar a subscrição: ${pageUrl}`,
    headers: {
      'List-Unsubscribe': `<${unsubscribeApiUrl(publicUrl, unsubscribeToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The draft as subscribers will see it, to the admin who asked; no unsubscribe link, since no one subscribed. */
export function newsletterTestMail(to: string, newsletter: Newsletter): MailMessage {
  const note = 'Email de teste da newsletter. Nas newsletters enviadas, aqui aparece o link para cancelar a subscrição.';
  return {
    to,
    subject: `[Teste] ${newsletter.title}`,
    html: frame(newsletter, escapeMarkup(note)),
    text: `${body(newsletter)}\n\n--\n${note}`,
  };
}

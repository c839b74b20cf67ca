import { randomBytes } from 'node:crypto';
import { Heading } from '@react-email/heading';
import { render } from '@react-email/render';
import { createElement as h, Fragment, type ReactNode } from 'react';
import { htmlToText, sanitizeRichText } from '../../platform/html.ts';
import { composeMail, type MailMessage } from '../../platform/mail.ts';
import { brand } from '../../platform/mail-templates/brand.ts';
import { footerLink, MailFrame, SHOP_IDENTITY_MARK } from '../../platform/mail-templates/frame.ts';

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

/** The newsletter in the shop's frame: its title, then the admin's (sanitised) HTML as it is. */
const frame = (newsletter: Newsletter, footer: ReactNode) =>
  render(
    h(
      MailFrame,
      { title: newsletter.title, preview: newsletter.title, footer },
      h(Heading, { as: 'h1', className: 'mail-text', style: { margin: '0 0 16px', fontSize: '24px', lineHeight: '32px', color: brand.text } }, newsletter.title),
      h('div', { className: 'mail-text mail-rich', style: { fontSize: '16px', lineHeight: '24px', color: brand.text }, dangerouslySetInnerHTML: { __html: sanitizeRichText(newsletter.content) } }),
    ),
  );

const body = (newsletter: Newsletter) => `${newsletter.title}\n\n${htmlToText(sanitizeRichText(newsletter.content))}`;

const unsubscribeNote = (pageUrl: string) =>
  h(Fragment, null, 'Recebe esta newsletter porque a subscreveu na Loja. ', footerLink(pageUrl, 'Cancelar a subscrição'), '.');

/**
 * The newsletter's HTML is the same for every reader but for the unsubscribe token: rendered once per
 * newsletter object (a send's batch) with a stand-in token that each copy replaces with its reader's own.
 */
const standIn = `token-${randomBytes(12).toString('hex')}`;
const rendered = new WeakMap<Newsletter, { publicUrl: string; html: Promise<string> }>();

function framedForReaders(publicUrl: string, newsletter: Newsletter) {
  let cached = rendered.get(newsletter);
  if (cached?.publicUrl !== publicUrl) {
    cached = { publicUrl, html: frame(newsletter, unsubscribeNote(unsubscribePageUrl(publicUrl, standIn))) };
    rendered.set(newsletter, cached);
  }
  return cached.html;
}

/** One subscriber's copy: their own unsubscribe link in the footer and in the List-Unsubscribe headers. */
export async function newsletterMail(publicUrl: string, to: string, unsubscribeToken: string, newsletter: Newsletter): Promise<MailMessage> {
  const pageUrl = unsubscribePageUrl(publicUrl, unsubscribeToken);
  return {
    to,
    subject: newsletter.title,
    // Tokens are base64url (newSecret): nothing in them needs escaping in HTML.
    html: (await framedForReaders(publicUrl, newsletter)).replaceAll(standIn, unsubscribeToken),
    text: `${body(newsletter)}\n\n--\nRecebe esta newsletter porque a subscreveu na Loja.\nCancelar a subscrição: ${pageUrl}\n${SHOP_IDENTITY_MARK}`,
    headers: {
      'List-Unsubscribe': `<${unsubscribeApiUrl(publicUrl, unsubscribeToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The draft as subscribers will see it, to the admin who asked; no unsubscribe link, since no one subscribed. */
export async function newsletterTestMail(to: string, newsletter: Newsletter): Promise<MailMessage> {
  const note = 'Email de teste da newsletter. Nas newsletters enviadas, aqui aparece o link para cancelar a subscrição.';
  return {
    to,
    subject: `[Teste] ${newsletter.title}`,
    html: await frame(newsletter, note),
    text: `${body(newsletter)}\n\n--\n${note}\n${SHOP_IDENTITY_MARK}`,
  };
}

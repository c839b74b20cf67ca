import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { createElement as h, type ReactNode } from 'react';
import { shop } from '#shared/shop.ts';
import { brand, fontStack } from './brand.ts';

/**
 * Dark mode for the clients that honour it (Apple Mail, iOS, Outlook for Mac, Thunderbird): the card
 * turns dark, its text light; the header, footer and button keep their greens, dark enough either way.
 * Outlook.com marks its dark mode with [data-ogsc] (text) and [data-ogsb] (backgrounds).
 */
const darkStyles = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
.mail-rich img { max-width: 100%; height: auto; }
.mail-rich a { color: #2a5448; }
@media (prefers-color-scheme: dark) {
  .mail-page { background-color: #121413 !important; }
  .mail-card { background-color: #1a1d1c !important; }
  .mail-text { color: #e8ecea !important; }
  .mail-muted { color: #b7c2bd !important; }
  .mail-link, .mail-rich a { color: #8fd3bd !important; }
  .mail-rule { border-color: #2e3532 !important; }
}
[data-ogsb] .mail-page { background-color: #121413 !important; }
[data-ogsb] .mail-card { background-color: #1a1d1c !important; }
[data-ogsc] .mail-text { color: #e8ecea !important; }
[data-ogsc] .mail-muted { color: #b7c2bd !important; }
[data-ogsc] .mail-link, [data-ogsc] .mail-rich a { color: #8fd3bd !important; }
`;

type FrameProps = {
  title: string;
  /** The line a mail client shows after the subject in the inbox. */
  preview: string;
  /** The footer's own note (why this mail came, what to do with it), above the shop's name. */
  footer: ReactNode;
  children?: ReactNode;
};

/** Every mail's page: the shop's name on the brand green, a white card with the message, the dark green footer. */
export function MailFrame({ title, preview, footer, children }: FrameProps) {
  return h(
    Html,
    { lang: 'pt-PT', dir: 'ltr' },
    h(
      Head,
      null,
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('meta', { name: 'color-scheme', content: 'light dark' }),
      h('meta', { name: 'supported-color-schemes', content: 'light dark' }),
      h('title', null, title),
      h('style', { dangerouslySetInnerHTML: { __html: darkStyles } }),
    ),
    h(Preview, null, preview),
    // A plain body: react-email's Body copies its style to an inner cell, without the class dark mode needs.
    h(
      'body',
      { className: 'mail-page', style: { backgroundColor: brand.page, margin: 0, padding: 0 } },
      h(
        Section,
        { className: 'mail-page', style: { backgroundColor: brand.page, padding: '24px 8px', fontFamily: fontStack } },
        h(Container, { style: { maxWidth: '560px', width: '100%', margin: '0 auto' } }, header, card(children), footerOf(footer)),
      ),
    ),
  );
}

const header = h(
  Section,
  { style: { backgroundColor: brand.green, borderRadius: '8px 8px 0 0', padding: '20px 24px' } },
  h(Text, { style: { margin: 0, color: brand.white, fontSize: '22px', lineHeight: '28px', fontWeight: 700 } }, shop.name),
);

const card = (children: ReactNode) =>
  h(Section, { className: 'mail-card', style: { backgroundColor: brand.card, padding: '24px', color: brand.text } }, children);

const footerOf = (note: ReactNode) =>
  h(
    Section,
    { style: { backgroundColor: brand.darkGreen, borderRadius: '0 0 8px 8px', padding: '20px 24px' } },
    h(Text, { style: footerText }, note),
    h(Text, { style: { ...footerText, margin: 0, fontWeight: 700 } }, `${shop.name} · ${shop.tagline}`),
    h(Text, { style: { ...footerText, margin: '8px 0 0', fontSize: '12px', lineHeight: '18px' } }, SHOP_IDENTITY_MARK),
  );

/**
 * Where the shop's legal identity goes in every mail (its legal name, NIF and address, which the law asks of
 * a shop's messages): the mailer writes it in when it sends (stampIdentity in mail.ts), from the settings.
 */
export const SHOP_IDENTITY_MARK = '[identidade-da-loja]';

const footerText = { margin: '0 0 8px', color: brand.white, fontSize: '13px', lineHeight: '20px' } as const;

/** A link in the footer: white on the dark green, underlined so it is told from the text around it. */
export const footerLink = (href: string, label: string) =>
  h('a', { href, style: { color: brand.white, textDecoration: 'underline' } }, label);

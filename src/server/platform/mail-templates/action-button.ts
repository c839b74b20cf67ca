import { Button } from '@react-email/button';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { createElement as h } from 'react';
import { brand } from './brand.ts';

/**
 * The mail's one call to action: white on the brand green (7.5:1), its own background so a client that
 * inverts colours keeps the pair. The address written out below it for clients that break buttons.
 */
export function ActionButton({ label, url }: { label: string; url: string }) {
  return h(
    Section,
    { style: { margin: '8px 0 0' } },
    h(
      Button,
      {
        href: url,
        style: {
          backgroundColor: brand.green,
          color: brand.white,
          padding: '12px 22px',
          borderRadius: '6px',
          fontSize: '16px',
          fontWeight: 600,
          textDecoration: 'none',
        },
      },
      label,
    ),
    h(
      Text,
      { className: 'mail-muted', style: { margin: '16px 0 0', fontSize: '13px', lineHeight: '20px', color: brand.muted } },
      'Se o botão não funcionar, copie este endereço para o navegador:',
      h('br'),
      h(Link, { href: url, className: 'mail-link', style: { color: brand.link, wordBreak: 'break-all' } }, url),
    ),
  );
}

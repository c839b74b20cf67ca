import { Text } from '@react-email/text';
import { createElement as h } from 'react';
import { brand } from './brand.ts';

/** An address in a sentence, without the punctuation that ends the sentence ("… em https://x/login; se …"). */
const address = /(https?:\/\/[^\s<>"]+?)(?=[.,;:!?)]*(?:\s|$))/g;

/** A text paragraph (escaped by React); the addresses in it become links: the shop's only, a customer's text comes defanged (customerText). */
export function Paragraph({ text }: { text: string }) {
  const parts = text.split(address);
  return h(
    Text,
    { className: 'mail-text', style: { margin: '0 0 16px', fontSize: '16px', lineHeight: '24px', color: brand.text, whiteSpace: 'pre-line' } },
    ...parts.map((part, i) => (i % 2 ? h('a', { key: i, href: part, className: 'mail-link', style: { color: brand.link, wordBreak: 'break-all' } }, part) : part)),
  );
}

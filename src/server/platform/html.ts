import { decodeHTML, escapeUTF8 } from 'entities';
import sanitizeHtml from 'sanitize-html';

/** Text made safe inside HTML or XML (mails, page heads, the sitemap, SVG): `& < > " '` become entities. */
export const escapeMarkup = (text: string) => escapeUTF8(text);

/**
 * The HTML an admin may write (content blocks, newsletters): text formatting, headings, lists, quotes
 * and links. Everything else is dropped: scripts, styles, event handlers, iframes, SVG, forms, and any
 * URL scheme but http(s), mailto and tel. Applied before storing and again before serving.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'blockquote',
    'ul', 'ol', 'li', 'a', 'span', 'code', 'pre',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The text of a dropped <script>, <style> or <textarea> must not turn into visible text either.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template'],
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:/i.test(attribs.href ?? '');
      const attributes: Record<string, string> = {};
      if (attribs.href) attributes.href = attribs.href;
      if (external) {
        attributes.target = '_blank';
        attributes.rel = 'noopener noreferrer nofollow';
      }
      return { tagName, attribs: attributes };
    },
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** The text of sanitised HTML, for a plain-text e-mail part or a length check. */
export function htmlToText(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(p|h[2-4]|li|blockquote)>|<br\s*\/?>/gi, '\n'), { allowedTags: [], allowedAttributes: {} })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return decodeHTML(text);
}

/**
 * A card's text cut to at most `length` characters, at the end of a word, plus '...' when it was longer
 * (storefront.md §2: product descriptions at 80 characters; backoffice.md §9: service texts). Whole
 * characters, never half an emoji; a first word longer than `length` is cut inside it.
 */
export function cutText(text: string, length: number): string {
  const chars = Array.from(text);
  if (chars.length <= length) return text;
  let end = length;
  // Unless the cut falls just before a space, step back to the last space inside the kept part.
  if (!/\s/.test(chars[length] ?? '')) {
    const lastSpace = chars.slice(0, length).findLastIndex((char) => /\s/.test(char));
    if (lastSpace > 0) end = lastSpace;
  }
  return `${chars.slice(0, end).join('').replace(/[\s,;:.–-]+$/u, '')}...`;
}

/** A page's search-result snippet (its meta description): whitespace collapsed, cut at a word near 155 characters. */
export function metaDescription(text: string, max = 155): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

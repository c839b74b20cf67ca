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

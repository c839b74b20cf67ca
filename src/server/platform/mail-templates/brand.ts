/**
 * The shop's colours as the storefront has them (src/web/styles/theme.scss: $brand, $brand-dark), for mail.
 * White on the brand green is 7.5:1, on the dark green 11.8:1 (WCAG AA asks 4.5:1).
 */
export const brand = {
  green: '#2f5d50',
  darkGreen: '#1f3d35',
  /** The storefront's link colour: 8.5:1 on white. */
  link: '#2a5448',
  text: '#212529',
  /** Secondary text: 6.2:1 on white, 5.6:1 on the page's grey. */
  muted: '#5c6360',
  page: '#f1f4f2',
  card: '#ffffff',
  rule: '#dde3e0',
  white: '#ffffff',
} as const;

/** The reader's own system font: nothing to download, nothing blocked by a mail client. */
export const fontStack = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

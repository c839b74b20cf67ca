/**
 * The address the PDF route may redirect to, or null: an absolute https URL (or the configured API's own
 * origin, which is http only for the tests' stand-in on loopback) on one of the provider's origins, with no
 * credentials and no control characters or spaces. The provider's answer is not trusted as a Location
 * header: `javascript:`, another host or a CR/LF (Node's raw 500) must never reach the browser (issue #26).
 */
export function followablePdfUrl(address: string, origins: readonly string[]): string | null {
  // The URL parser silently drops tabs and newlines; a provider that sends them sends nothing we follow.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (!address || address.length > 2000 || /[\s\u0000-\u001f\u007f]/.test(address)) return null;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol !== 'https:' && !origins.some((origin) => origin.startsWith('http:') && url.origin === origin)) return null;
  return origins.includes(url.origin) ? url.href : null;
}

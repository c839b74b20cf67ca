import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * The server writes a product's or a service's head into the first page it serves (for crawlers and link
 * previews: modules/seo/app-shell.ts). The app owns the head from then on: the server's title and
 * description give way to the page's own at once, and the rest (canonical, Open Graph, JSON-LD) stays
 * only as long as the page it describes.
 */
const SERVER_PAGE_TAGS = [
  'link[rel="canonical"]',
  'meta[property^="og:"]',
  'meta[property^="product:"]',
  'meta[name^="twitter:"]',
  'script[type="application/ld+json"]',
].join(', ');

/**
 * Before the first render: index.html has no title or description, so any there came from the server. React
 * takes over the first `<title>` and writes the page's own text in it, so the tab is never without a title
 * (a screen reader, or an accessibility check, can read the page at any moment); any other title and the
 * descriptions go, or they would stay beside the app's.
 */
export function dropServerTitle(head: HTMLHeadElement = document.head) {
  const [, ...otherTitles] = head.querySelectorAll('title');
  for (const element of [...otherTitles, ...head.querySelectorAll('meta[name="description"]')]) element.remove();
}

export function useServerHeadUntilNavigation() {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname === first.current) return;
    for (const element of document.head.querySelectorAll(SERVER_PAGE_TAGS)) element.remove();
  }, [pathname]);
}

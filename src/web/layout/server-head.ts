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

/** Before the first render: index.html has no title or description, so any there came from the server. */
export function dropServerTitle(head: HTMLHeadElement = document.head) {
  for (const element of head.querySelectorAll('title, meta[name="description"]')) element.remove();
}

export function useServerHeadUntilNavigation() {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname === first.current) return;
    for (const element of document.head.querySelectorAll(SERVER_PAGE_TAGS)) element.remove();
  }, [pathname]);
}

import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * The server writes a page's head into the first page it serves (entry-server.tsx). The app takes over its
 * title, description, canonical and Open Graph tags (React hoists the same elements and adopts the server's);
 * the schema.org JSON-LD, which only the server writes (crawlers read the first answer), stays as long as
 * the page it describes.
 */
/** The tags of a page's head the server wrote (entry-server.tsx, HeadTags), but the document's own. */
const SERVER_PAGE_TAGS = [
  'title',
  'meta[name="description"]',
  'meta[name="robots"]',
  'link[rel="canonical"]',
  'meta[property]',
  'meta[name^="twitter:"]',
  'script[type="application/ld+json"]',
].join(', ');

/**
 * Before the app renders a page the server wrote but handed no state for (a 404): React adopts the server's
 * tags only while it takes a page over, so here they go, or the app's own would stand beside them.
 */
export function dropServerHead(head: HTMLHeadElement = document.head) {
  for (const element of head.querySelectorAll(SERVER_PAGE_TAGS)) element.remove();
}

export function useServerHeadUntilNavigation() {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname === first.current) return;
    for (const element of document.head.querySelectorAll('script[type="application/ld+json"]')) element.remove();
  }, [pathname]);
}

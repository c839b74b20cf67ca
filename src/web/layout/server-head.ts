import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * The server writes a page's head into the first page it serves (entry-server.tsx). The app takes over its
 * title, description, canonical and Open Graph tags (React hoists the same elements and adopts the server's);
 * the schema.org JSON-LD, which only the server writes (crawlers read the first answer), stays as long as
 * the page it describes.
 */
export function useServerHeadUntilNavigation() {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname === first.current) return;
    for (const element of document.head.querySelectorAll('script[type="application/ld+json"]')) element.remove();
  }, [pathname]);
}

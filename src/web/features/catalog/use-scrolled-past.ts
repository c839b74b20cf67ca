import { useEffect, useState } from 'react';

/**
 * True once `element` has scrolled up out of the screen, false again when it is back (or below the screen,
 * not reached yet). False on the server and where there is no IntersectionObserver.
 */
export function useScrolledPast(element: Element | null): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    if (!element || typeof IntersectionObserver === 'undefined') return;
    // The screen extended far downwards: the element leaves it only by going up, and a jump (End, a link) from
    // below the screen to above it still crosses its edge, which a plain viewport observer would not see.
    const observer = new IntersectionObserver(([entry]) => entry && setPast(!entry.isIntersecting), { rootMargin: '0px 0px 1000000px 0px' });
    observer.observe(element);
    return () => {
      observer.disconnect();
      setPast(false);
    };
  }, [element]);
  return past;
}

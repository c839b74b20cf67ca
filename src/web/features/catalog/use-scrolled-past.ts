import { useEffect, useState } from 'react';

/**
 * True once `element` has scrolled up out of the screen, false again when it is back (or below the screen,
 * not reached yet), and always false while the screen does not match `media` (followed as it changes: a
 * window made wider). False on the server and where there is no IntersectionObserver.
 */
export function useScrolledPast(element: Element | null, media: string): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    if (!element || typeof IntersectionObserver === 'undefined' || typeof matchMedia !== 'function') return;
    const screen = matchMedia(media);
    let observer: IntersectionObserver | undefined;
    const follow = () => {
      observer?.disconnect();
      observer = undefined;
      setPast(false);
      if (!screen.matches) return;
      // The screen extended far downwards: the element leaves it only by going up, and a jump (End, a link) from
      // below the screen to above it still crosses its edge, which a plain viewport observer would not see.
      observer = new IntersectionObserver(([entry]) => entry && setPast(!entry.isIntersecting), { rootMargin: '0px 0px 1000000px 0px' });
      observer.observe(element);
    };
    follow();
    screen.addEventListener('change', follow);
    return () => {
      screen.removeEventListener('change', follow);
      observer?.disconnect();
      setPast(false);
    };
  }, [element, media]);
  return past;
}

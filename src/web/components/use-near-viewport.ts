import { type RefObject, useEffect, useState } from 'react';
import { useHydrated } from './use-hydrated.ts';

/**
 * True once the element comes within `margin` of the screen (and from then on): for parts whose code is only
 * worth fetching when the customer gets near them. False on the server and while a server-rendered page is
 * taken over; true at once where there is no IntersectionObserver.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '800px'): boolean {
  const hydrated = useHydrated();
  const [near, setNear] = useState(false);
  const observable = typeof IntersectionObserver !== 'undefined';
  useEffect(() => {
    const element = ref.current;
    if (near || !element || !observable) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px ${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near, observable]);
  return hydrated && (near || !observable);
}

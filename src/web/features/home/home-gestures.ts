import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type MoveResult, NATURAL_SCROLL_QUERY, SECTION_COUNT, type useAutoHideControls, type useSectionNavigation } from './use-section-navigation.ts';

// The home page's ways between its three sections (storefront.md §2): wheel, swipe, keys and focus, on the
// frame below the sticky header; once the visitor scrolled on (the footer), the page scrolls as any other.

const ownsKeys = (element: Element | null) =>
  Boolean(element?.closest('input, textarea, select, [contenteditable="true"], [role="toolbar"], [role="menu"], [role="listbox"], .modal, .dropdown-menu'));

/** The nearest element between `from` and `root` that can still scroll in `direction` (1 down, -1 up). */
function scrollsFurther(from: EventTarget | null, root: HTMLElement, direction: 1 | -1): boolean {
  for (let el = from instanceof Element ? from : null; el && el !== root.parentElement; el = el.parentElement) {
    if (!(el instanceof HTMLElement) || el.scrollHeight <= el.clientHeight + 1) continue;
    const overflow = getComputedStyle(el).overflowY;
    if (overflow !== 'auto' && overflow !== 'scroll') continue;
    if (direction > 0 ? el.scrollTop + el.clientHeight < el.scrollHeight - 1 : el.scrollTop > 0) return true;
  }
  return false;
}

/**
 * What stands above the home page: the sticky header, and the sandbox's notice when the server wrote one.
 * The home page fills the rest of the screen.
 */
function useHeaderHeight() {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const header = document.querySelector<HTMLElement>('.navbar.sticky-top');
    if (!header) return;
    const notice = document.querySelector<HTMLElement>('.demo-notice');
    const measure = () => setHeight(header.offsetHeight + (notice?.offsetHeight ?? 0));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    if (notice) observer.observe(notice);
    return () => observer.disconnect();
  }, []);
  return height;
}

/**
 * / and /sobre (storefront.md §2, backoffice.md §2, §4, §9): three full-screen sections moved by wheel, swipe,
 * keys, side dots and up/down buttons. A section taller than the screen scrolls inside first; past the last
 * section the page scrolls on to the footer, so nobody is trapped.
 */

/**
 * Wires the wheel, touch, keyboard and focus handlers of the home page's frame `rootRef` to `nav`, and the
 * pointer to the auto-hiding `controls`; answers the header's height (the frame sits under it).
 */
export function useSectionGestures(
  rootRef: RefObject<HTMLDivElement | null>,
  nav: ReturnType<typeof useSectionNavigation>,
  controls: ReturnType<typeof useAutoHideControls>,
) {
  const headerHeight = useHeaderHeight();
  // The handlers below are attached once; they read the latest functions through this ref.
  const live = useRef({ nav, controls, headerHeight });
  useLayoutEffect(() => {
    live.current = { nav, controls, headerHeight };
  });

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    // Read at each event, so a window resized or a phone turned follows at once; the server knows no screen,
    // so the page's look follows home.css's same query from the first paint.
    const natural = window.matchMedia?.(NATURAL_SCROLL_QUERY);
    const sectioned = () => !natural?.matches;
    // Only while the home page fills the screen below the header; once the user scrolled on (footer), the page scrolls.
    const inPlace = () => sectioned() && Math.abs(root.getBoundingClientRect().top - live.current.headerHeight) < 2;
    const handled = (result: MoveResult | 'ignored') => result === 'moved' || result === 'locked';

    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey || Math.abs(event.deltaY) < Math.abs(event.deltaX) || !inPlace()) return;
      const direction = event.deltaY > 0 ? 1 : -1;
      if (scrollsFurther(event.target, root, direction)) return;
      if (handled(live.current.nav.wheel(event.deltaY))) event.preventDefault();
    };

    let touchStartY: number | null = null;
    let touchStartTarget: EventTarget | null = null;
    const onTouchStart = (event: TouchEvent) => {
      live.current.controls.reveal();
      touchStartY = event.touches.length === 1 ? (event.touches[0]?.clientY ?? null) : null;
      touchStartTarget = event.target;
    };
    const onTouchMove = (event: TouchEvent) => {
      if (touchStartY === null || !inPlace()) return;
      const dy = touchStartY - (event.touches[0]?.clientY ?? touchStartY);
      const direction = dy > 0 ? 1 : -1;
      // The page itself must not move under a swipe that changes section (or that the lock swallows).
      const index = live.current.nav.index;
      const atEdge = direction > 0 ? index >= SECTION_COUNT - 1 : index <= 0;
      if (event.cancelable && !atEdge && !scrollsFurther(touchStartTarget, root, direction)) event.preventDefault();
    };
    const onTouchEnd = (event: TouchEvent) => {
      if (touchStartY === null) return;
      const endY = event.changedTouches[0]?.clientY ?? touchStartY;
      const direction = touchStartY - endY > 0 ? 1 : -1;
      if (inPlace() && !scrollsFurther(touchStartTarget, root, direction)) live.current.nav.swipe(touchStartY, endY);
      touchStartY = null;
    };

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const focus = document.activeElement;
      const focusHere = !focus || focus === document.body || focus.id === 'conteudo' || root.contains(focus);
      if (!focusHere || ownsKeys(focus) || document.body.classList.contains('modal-open') || !inPlace()) return;
      // A section taller than the screen is read to its end first (the keys scroll it), then the next one comes.
      const step = { ArrowDown: 1, PageDown: 1, ArrowUp: -1, PageUp: -1 }[event.key] as 1 | -1 | undefined;
      const shown = root.querySelector<HTMLElement>(`[data-home-section="${live.current.nav.index}"]`);
      if (step && shown && scrollsFurther(shown, root, step)) {
        const distance = event.key.startsWith('Page') ? shown.clientHeight * 0.85 : 48;
        shown.scrollBy({ top: step * distance });
        event.preventDefault();
        return;
      }
      if (handled(live.current.nav.key(event.key))) event.preventDefault();
    };

    // Focus that lands in another section (Tab) brings that section into view; the frame itself never scrolls.
    const onFocusIn = (event: FocusEvent) => {
      if (!sectioned()) return;
      const section = (event.target as Element | null)?.closest<HTMLElement>('[data-home-section]');
      if (section) live.current.nav.goTo(Number(section.dataset.homeSection));
      root.scrollTop = 0;
    };
    const onScroll = () => {
      root.scrollTop = 0;
    };
    const onMouseMove = () => live.current.controls.reveal();

    root.addEventListener('wheel', onWheel, { passive: false });
    root.addEventListener('touchstart', onTouchStart, { passive: true });
    root.addEventListener('touchmove', onTouchMove, { passive: false });
    root.addEventListener('touchend', onTouchEnd, { passive: true });
    root.addEventListener('focusin', onFocusIn);
    root.addEventListener('scroll', onScroll);
    root.addEventListener('mousemove', onMouseMove);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      root.removeEventListener('wheel', onWheel);
      root.removeEventListener('touchstart', onTouchStart);
      root.removeEventListener('touchmove', onTouchMove);
      root.removeEventListener('touchend', onTouchEnd);
      root.removeEventListener('focusin', onFocusIn);
      root.removeEventListener('scroll', onScroll);
      root.removeEventListener('mousemove', onMouseMove);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [rootRef]);
  return headerHeight;
}

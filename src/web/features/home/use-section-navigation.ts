import { useCallback, useEffect, useRef, useState } from 'react';

/** backoffice.md §4, §9: three sections, an 800 ms lock between wheel or swipe moves, 50 px swipes, controls hide after 3 s. */
export const SECTION_COUNT = 3;
export const MOVE_LOCK_MS = 800;
export const SWIPE_THRESHOLD_PX = 50;
export const CONTROLS_HIDE_MS = 3000;

/**
 * Screens where the home page scrolls as any other page (no frame, no section moves, no side controls): a
 * phone or a low window, where a full-screen section would not hold its content. home.css has the same query.
 */
export const NATURAL_SCROLL_QUERY = '(max-width: 767.98px), (max-height: 699.98px)';

export const clampSection = (index: number, count: number) => Math.min(count - 1, Math.max(0, Math.trunc(index)));

/** What a key asks for: the section it leads to, or null when the key is not a navigation key. */
export function sectionForKey(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowDown':
    case 'PageDown':
      return clampSection(index + 1, count);
    case 'ArrowUp':
    case 'PageUp':
      return clampSection(index - 1, count);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** A vertical swipe: 1 (finger moved up: next section), -1 (previous), 0 (50 px or less: not a swipe). */
export function swipeDirection(startY: number, endY: number): -1 | 0 | 1 {
  const distance = startY - endY;
  if (Math.abs(distance) <= SWIPE_THRESHOLD_PX) return 0;
  return distance > 0 ? 1 : -1;
}

/**
 * - 'moved': the section changed;
 * - 'locked': a wheel or swipe within 800 ms of the last move, swallowed (a trackpad sends dozens per gesture);
 * - 'edge': nothing beyond this end, so the page itself may scroll (to the footer): never trap the user.
 */
export type MoveResult = 'moved' | 'locked' | 'edge';

/** The home page's position: index 0..count-1, clamped, with the lock between wheel and swipe moves. */
export function useSectionNavigation(count: number = SECTION_COUNT) {
  const [index, setIndex] = useState(0);
  // Event handlers read the latest index between renders (a wheel burst arrives faster than React renders).
  const current = useRef(0);
  const lock = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(lock.current), []);

  const goTo = useCallback(
    (target: number): MoveResult => {
      const next = clampSection(target, count);
      if (next === current.current) return 'edge';
      current.current = next;
      setIndex(next);
      return 'moved';
    },
    [count],
  );

  /** A wheel or swipe step: locked for 800 ms after each move. */
  const step = useCallback(
    (direction: -1 | 1): MoveResult => {
      if (lock.current !== undefined) return 'locked';
      const result = goTo(current.current + direction);
      if (result === 'moved') lock.current = setTimeout(() => (lock.current = undefined), MOVE_LOCK_MS);
      return result;
    },
    [goTo],
  );

  const wheel = useCallback((deltaY: number): MoveResult | 'ignored' => (deltaY === 0 ? 'ignored' : step(deltaY > 0 ? 1 : -1)), [step]);

  const swipe = useCallback(
    (startY: number, endY: number): MoveResult | 'ignored' => {
      const direction = swipeDirection(startY, endY);
      return direction === 0 ? 'ignored' : step(direction);
    },
    [step],
  );

  /** Keys, dots and buttons move at once: a deliberate press is never swallowed by the lock. */
  const key = useCallback((pressed: string): MoveResult | 'ignored' => {
    const target = sectionForKey(pressed, current.current, count);
    return target === null ? 'ignored' : goTo(target);
  }, [count, goTo]);

  return { index, goTo, wheel, swipe, key };
}

/**
 * The side controls: shown on mouse (or touch) movement, hidden 3 s after the last one, but kept while
 * one of them has keyboard focus (a control that vanishes under the focus ring fails WCAG 2.4.7).
 */
export function useAutoHideControls(ms: number = CONTROLS_HIDE_MS) {
  const [visible, setVisible] = useState(true);
  const focused = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const scheduleHide = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (!focused.current) setVisible(false);
    }, ms);
  }, [ms]);

  // Shown when the page opens, so they can be discovered, then hidden like after any movement.
  useEffect(() => {
    scheduleHide();
    return () => clearTimeout(timer.current);
  }, [scheduleHide]);

  const reveal = useCallback(() => {
    setVisible(true);
    scheduleHide();
  }, [scheduleHide]);

  const focusIn = useCallback(() => {
    focused.current = true;
    clearTimeout(timer.current);
    setVisible(true);
  }, []);

  const focusOut = useCallback(() => {
    focused.current = false;
    scheduleHide();
  }, [scheduleHide]);

  return { visible, reveal, focusIn, focusOut };
}

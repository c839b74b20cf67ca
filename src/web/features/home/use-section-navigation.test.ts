// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clampSection,
  CONTROLS_HIDE_MS,
  MOVE_LOCK_MS,
  sectionForKey,
  swipeDirection,
  useAutoHideControls,
  useSectionNavigation,
} from './use-section-navigation.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('section index', () => {
  it('is clamped to 0..2', () => {
    expect(clampSection(-1, 3)).toBe(0);
    expect(clampSection(1, 3)).toBe(1);
    expect(clampSection(3, 3)).toBe(2);
    expect(clampSection(99, 3)).toBe(2);
  });

  it('follows arrow, page, Home and End keys and ignores the others', () => {
    expect(sectionForKey('ArrowDown', 0, 3)).toBe(1);
    expect(sectionForKey('PageDown', 1, 3)).toBe(2);
    expect(sectionForKey('ArrowDown', 2, 3)).toBe(2);
    expect(sectionForKey('ArrowUp', 2, 3)).toBe(1);
    expect(sectionForKey('PageUp', 0, 3)).toBe(0);
    expect(sectionForKey('Home', 2, 3)).toBe(0);
    expect(sectionForKey('End', 0, 3)).toBe(2);
    expect(sectionForKey('Enter', 0, 3)).toBeNull();
    expect(sectionForKey('ArrowLeft', 1, 3)).toBeNull();
  });

  it('counts a swipe only beyond 50 px', () => {
    expect(swipeDirection(400, 350)).toBe(0);
    expect(swipeDirection(400, 349)).toBe(1);
    expect(swipeDirection(300, 350)).toBe(0);
    expect(swipeDirection(300, 351)).toBe(-1);
  });
});

describe('useSectionNavigation', () => {
  it('moves one section per wheel gesture, with an 800 ms lock in between', () => {
    const { result } = renderHook(() => useSectionNavigation(3));
    expect(result.current.index).toBe(0);

    act(() => void expect(result.current.wheel(120)).toBe('moved'));
    expect(result.current.index).toBe(1);
    // The rest of the same gesture is swallowed.
    act(() => void expect(result.current.wheel(120)).toBe('locked'));
    act(() => void vi.advanceTimersByTime(MOVE_LOCK_MS - 1));
    act(() => void expect(result.current.wheel(40)).toBe('locked'));
    expect(result.current.index).toBe(1);

    act(() => void vi.advanceTimersByTime(1));
    act(() => void expect(result.current.wheel(40)).toBe('moved'));
    expect(result.current.index).toBe(2);
    act(() => void vi.advanceTimersByTime(MOVE_LOCK_MS));
    // At the last section the page may scroll on (to the footer); the lock is not taken.
    act(() => void expect(result.current.wheel(40)).toBe('edge'));
    expect(result.current.index).toBe(2);
    act(() => void expect(result.current.wheel(-40)).toBe('moved'));
    expect(result.current.index).toBe(1);
    act(() => void expect(result.current.wheel(0)).toBe('ignored'));
  });

  it('moves on swipes over 50 px, also locked for 800 ms', () => {
    const { result } = renderHook(() => useSectionNavigation(3));
    act(() => void expect(result.current.swipe(500, 460)).toBe('ignored'));
    expect(result.current.index).toBe(0);
    act(() => void expect(result.current.swipe(500, 420)).toBe('moved'));
    expect(result.current.index).toBe(1);
    act(() => void expect(result.current.swipe(500, 300)).toBe('locked'));
    act(() => void vi.advanceTimersByTime(MOVE_LOCK_MS));
    act(() => void expect(result.current.swipe(300, 500)).toBe('moved'));
    expect(result.current.index).toBe(0);
    act(() => void vi.advanceTimersByTime(MOVE_LOCK_MS));
    act(() => void expect(result.current.swipe(300, 500)).toBe('edge'));
    expect(result.current.index).toBe(0);
  });

  it('lets keys, dots and buttons move at once, clamped, and tells when an end is reached', () => {
    const { result } = renderHook(() => useSectionNavigation(3));
    act(() => void result.current.wheel(100));
    // A key press right after a wheel move is not swallowed by the lock.
    act(() => void expect(result.current.key('ArrowDown')).toBe('moved'));
    expect(result.current.index).toBe(2);
    act(() => void expect(result.current.key('PageDown')).toBe('edge'));
    act(() => void expect(result.current.key('Home')).toBe('moved'));
    expect(result.current.index).toBe(0);
    act(() => void expect(result.current.key('End')).toBe('moved'));
    expect(result.current.index).toBe(2);
    act(() => void expect(result.current.key('a')).toBe('ignored'));
    act(() => void result.current.goTo(7));
    expect(result.current.index).toBe(2);
    act(() => void result.current.goTo(-3));
    expect(result.current.index).toBe(0);
  });
});

describe('useAutoHideControls', () => {
  it('shows the controls at first and hides them 3 s later', () => {
    const { result } = renderHook(() => useAutoHideControls());
    expect(result.current.visible).toBe(true);
    act(() => void vi.advanceTimersByTime(CONTROLS_HIDE_MS - 1));
    expect(result.current.visible).toBe(true);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current.visible).toBe(false);
  });

  it('shows them on movement and hides them 3 s after the last movement', () => {
    const { result } = renderHook(() => useAutoHideControls());
    act(() => void vi.advanceTimersByTime(CONTROLS_HIDE_MS));
    act(() => result.current.reveal());
    expect(result.current.visible).toBe(true);
    act(() => void vi.advanceTimersByTime(2000));
    act(() => result.current.reveal());
    act(() => void vi.advanceTimersByTime(2000));
    expect(result.current.visible).toBe(true);
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current.visible).toBe(false);
  });

  it('keeps them while one has focus and hides them 3 s after the focus leaves', () => {
    const { result } = renderHook(() => useAutoHideControls());
    act(() => result.current.focusIn());
    act(() => void vi.advanceTimersByTime(10_000));
    expect(result.current.visible).toBe(true);
    act(() => result.current.reveal());
    act(() => void vi.advanceTimersByTime(10_000));
    expect(result.current.visible).toBe(true);
    act(() => result.current.focusOut());
    act(() => void vi.advanceTimersByTime(CONTROLS_HIDE_MS - 1));
    expect(result.current.visible).toBe(true);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current.visible).toBe(false);
  });
});

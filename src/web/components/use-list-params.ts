import { useCallback, useEffect, useState } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';

/** ?page= as a page number: anything else (missing, 0, -1, 1.5, absurdly large) is page 1. */
export function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/**
 * A page past the last one (an old link, or the list shrank meanwhile): the server's fresh answer has no rows on
 * this page though the list has some. The screens then show the last page.
 */
export const pastLastPage = (page: number, answer: { placeholder: boolean; rows: number; total: number } | undefined) =>
  Boolean(answer && !answer.placeholder && answer.rows === 0 && answer.total > 0 && page > 1);

/** A filter's new value; empty or undefined removes it from the address. */
type Changes = Record<string, string | undefined>;

/**
 * A list's page, search and sort (and any other filter) in the address, beside whatever else is there (?tab=),
 * so a reload, a shared link or Back shows the same list. Changing a filter goes back to page 1.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();

  const set = useCallback(
    (changes: Changes, options?: NavigateOptions) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      }, options),
    [setParams],
  );

  /** The address's query for a page (`?page=2`, or '' when nothing is left), for page links. */
  const searchFor = (target: number) => {
    const next = new URLSearchParams(params);
    if (target > 1) next.set('page', String(target));
    else next.delete('page');
    const text = next.toString();
    return text ? `?${text}` : '';
  };

  return {
    params,
    page: pageFrom(params.get('page')),
    q: (params.get('q') ?? '').trim(),
    set,
    setPage: (target: number) => set({ page: target > 1 ? String(target) : undefined }),
    searchFor,
  };
}

/** `value` once it has stopped changing for `ms` (typing pauses before a search goes to the server). */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

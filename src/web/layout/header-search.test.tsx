// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatEuros } from '#shared/money.ts';
import type { SuggestAnswer } from '#shared/schemas/search.ts';
import { renderRoutes } from '../test/harness.tsx';
import { HeaderSearch, SUGGEST_DEBOUNCE_MS } from './header-search.tsx';

// The header's search as a WAI-ARIA combobox (issue #30): debounced, the request before aborted, arrows,
// Enter and Escape, the count announced.

const answer: SuggestAnswer = {
  products: [
    { id: 7, name: 'Caixa de arrumação média', price: 12.5, fromPrice: false, image: '/api/images/1/abc/thumb.webp', url: '/produtos/7' },
    { id: 9, name: 'Caixa empilhável', price: 8.9, fromPrice: true, image: null, url: '/produtos/9' },
  ],
  collections: [],
  services: [{ id: 3, name: 'Sessão de organização', image: null, url: '/servicos/3' }],
};

type Sent = { q: string; signal: AbortSignal | undefined };

/** fetch answering /search/suggest with `answer` (after `delay` ms), recording each request's q and signal. */
function fakeSuggest(delay = 0) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://loja.test');
    if (url.pathname !== '/api/search/suggest') return new Response('{}', { status: 401 });
    sent.push({ q: url.searchParams.get('q') ?? '', signal: init.signal ?? undefined });
    await new Promise((resolve, reject) => {
      const timer = setTimeout(resolve, delay);
      init.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return sent;
}

function Where() {
  const location = useLocation();
  return <p>Página {location.pathname + location.search}</p>;
}

const renderSearch = () =>
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            <HeaderSearch />
            <Where />
          </>
        ),
      },
    ],
    '/',
  );

const field = () => screen.getByRole('combobox', { name: 'Pesquisar na loja' });
const type = (text: string) => fireEvent.change(field(), { target: { value: text } });
const key = (name: string) => fireEvent.keyDown(field(), { key: name });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('header search', () => {
  it('asks once the typing pauses, from two characters, and aborts the request a new key makes stale', async () => {
    const sent = fakeSuggest(400);
    renderSearch();
    type('c');
    await act(() => new Promise((resolve) => setTimeout(resolve, SUGGEST_DEBOUNCE_MS + 50)));
    expect(sent).toHaveLength(0);
    type('ca');
    type('cai');
    await waitFor(() => expect(sent.map((s) => s.q)).toEqual(['cai']));
    // The answer to 'cai' is on its way when the next key arrives: it is cancelled.
    type('caix');
    expect(sent[0]?.signal?.aborted).toBe(true);
    await waitFor(() => expect(sent.map((s) => s.q)).toEqual(['cai', 'caix']));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('3 sugestões. Use as setas para escolher.'));
    expect(field().getAttribute('aria-expanded')).toBe('true');
  });

  it('moves through the suggestions with the arrows and opens the one chosen with Enter', async () => {
    fakeSuggest();
    renderSearch();
    type('caixa');
    const list = await screen.findByRole('listbox', { name: 'Sugestões de pesquisa' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([`Caixa de arrumação média${formatEuros(12.5)}`, `Caixa empilhávelA partir de ${formatEuros(8.9)}`, 'Sessão de organização']);
    expect(list.contains(screen.getByRole('group', { name: 'Produtos' }))).toBe(true);
    expect(field().getAttribute('aria-activedescendant')).toBeNull();
    key('ArrowDown');
    key('ArrowDown');
    const second = screen.getByRole('option', { name: /Caixa empilhável/ });
    expect(field().getAttribute('aria-activedescendant')).toBe(second.id);
    expect(second.getAttribute('aria-selected')).toBe('true');
    key('ArrowUp');
    key('ArrowUp');
    // Up from the first goes round to the last.
    expect(field().getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Sessão de organização' }).id);
    key('ArrowDown');
    key('Enter');
    expect(await screen.findByText('Página /produtos/7')).toBeTruthy();
    expect(field().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes with Escape, clears with a second, and opens the full results with Enter and no choice', async () => {
    fakeSuggest();
    renderSearch();
    type('caixa');
    await screen.findByRole('listbox');
    key('Escape');
    expect(field().getAttribute('aria-expanded')).toBe('false');
    expect((field() as HTMLInputElement).value).toBe('caixa');
    key('Escape');
    expect((field() as HTMLInputElement).value).toBe('');

    type('caixa media');
    await screen.findByRole('listbox');
    fireEvent.submit(field().closest('form') as HTMLFormElement);
    expect(await screen.findByText('Página /produtos?q=caixa+media')).toBeTruthy();
  });
});

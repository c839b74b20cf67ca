// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '#shared/schemas/account.ts';
import { contentMessages } from '#shared/schemas/content.ts';
import { SessionProvider } from '../../session/session.tsx';
import { admin, fakeApi, userFactory } from '../admin/admin-test-utils.tsx';
import { SUCCESS_MS } from '../../components/use-timers.ts';
import { EditableContent } from './editable-content.tsx';

// jsdom does no layout; ProseMirror measures the selection to scroll it into view.
beforeAll(() => {
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = noRects;
  Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
  document.elementFromPoint ??= () => null;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const hero = '<h2>Bem-vinda</h2><p>Organizar é simples.</p>';

function renderBlock(me: PublicUser | null, answers: (call: { method: string; path: string; body: unknown }) => { status: number; body?: unknown } | undefined) {
  const calls = fakeApi(me, answers);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <main>
          <EditableContent section="home-hero" label="Texto de boas-vindas" />
          <p>depois</p>
        </main>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return calls;
}

describe('EditableContent', () => {
  it('shows the block to a visitor, without an edit button', async () => {
    renderBlock(null, ({ path }) => (path === '/content/home-hero' ? { status: 200, body: { value: hero } } : undefined));
    expect(await screen.findByRole('heading', { level: 2, name: 'Bem-vinda' })).toBeTruthy();
    expect(screen.getByText('Organizar é simples.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Editar conteúdo/ })).toBeNull();
  });

  it('shows nothing to a visitor when the block does not exist, and no error', async () => {
    const calls = renderBlock(userFactory(), () => undefined);
    await waitFor(() => expect(calls.some((c) => c.path === '/content/home-hero')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.queryByText(contentMessages.loadError)).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('main').textContent).toBe('depois');
  });

  it('shows the load error when the server fails', async () => {
    renderBlock(null, ({ path }) => (path === '/content/home-hero' ? { status: 500, body: { error: 'x', message: 'x', code: 'INTERNAL' } } : undefined));
    expect(await screen.findByText(contentMessages.loadError)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
  });

  it('lets an admin edit in place, save, and see the saved message for 3 s', async () => {
    let stored = hero;
    const calls = renderBlock(admin, ({ method, path, body }) => {
      if (path !== '/content/home-hero') return undefined;
      if (method === 'PUT') {
        stored = `${(body as { value: string }).value}`;
        return { status: 200, body: { value: stored } };
      }
      return { status: 200, body: { value: stored } };
    });
    const edit = await screen.findByRole('button', { name: 'Editar conteúdo: Texto de boas-vindas' });
    fireEvent.click(edit);
    const box = await screen.findByRole('textbox', { name: 'Texto de boas-vindas' });
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(box.textContent).toContain('Organizar é simples.');

    // The caret starts at the end: the list takes the last paragraph.
    fireEvent.click(screen.getByRole('button', { name: 'Lista com marcas' }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText(contentMessages.saved)).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ value: '<h2>Bem-vinda</h2><ul><li><p>Organizar é simples.</p></li></ul>' });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Editar conteúdo/ }));
    act(() => void vi.advanceTimersByTime(SUCCESS_MS));
    await waitFor(() => expect(screen.queryByText(contentMessages.saved)).toBeNull());
  });

  it('shows the save error and keeps the text; Cancelar leaves the block as it was', async () => {
    renderBlock(admin, ({ method, path }) =>
      path !== '/content/home-hero' ? undefined
      : method === 'PUT' ? { status: 500, body: { error: 'Ocorreu um erro inesperado.', message: 'x', code: 'INTERNAL' } }
      : { status: 200, body: { value: hero } },
    );
    fireEvent.click(await screen.findByRole('button', { name: /Editar conteúdo/ }));
    const box = await screen.findByRole('textbox', { name: 'Texto de boas-vindas' });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const alert = await screen.findByText(contentMessages.saveError);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe(alert.id);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Bem-vinda' })).toBeTruthy();
  });

  it('invites an admin to write a block that does not exist yet, without creating it', async () => {
    const calls = renderBlock(admin, ({ method, path }) =>
      path === '/content/home-hero' && method === 'PUT' ? { status: 200, body: { value: '<p>Novo</p>' } } : undefined,
    );
    expect(await screen.findByText(/Este bloco ainda não tem conteúdo/)).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /Editar conteúdo/ }));
    const box = await screen.findByRole('textbox', { name: 'Texto de boas-vindas' });
    expect(box.textContent).toBe('');
  });
});

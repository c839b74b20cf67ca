// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ContactMessage, contactMessages } from '#shared/schemas/contact.ts';
import { admin, fakeApi, renderAdmin } from '../admin-test-utils.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const message = (id: number, overrides: Partial<ContactMessage> = {}): ContactMessage => ({
  id,
  name: 'Rita Gomes',
  email: `rita${id}@exemplo.pt`,
  subject: `Assunto ${id}`,
  message: 'Olá!\nFazem sessões ao sábado?',
  readAt: null,
  createdAt: '2026-03-05T14:30:00.000Z',
  ...overrides,
});

describe('Mensagens tab', () => {
  it('lists the messages with date, name, mailto link and read state, and marks one read', async () => {
    const stored = [message(2), message(1, { readAt: '2026-03-06T10:00:00.000Z' })];
    const calls = fakeApi(admin, ({ method, path }) => {
      if (method === 'GET' && path === '/contact/messages') {
        const unread = stored.filter((m) => m.readAt === null).length;
        return { status: 200, body: { messages: stored, pagination: { page: 1, pageSize: 20, total: 2, totalPages: 1 }, unread } };
      }
      if (method === 'PUT' && path === '/contact/messages/2/read') {
        stored[0] = { ...stored[0]!, readAt: '2026-03-07T09:00:00.000Z' };
        return { status: 200, body: stored[0] };
      }
      return undefined;
    });
    renderAdmin('/admin-dashboard?tab=mensagens');
    const first = await screen.findByRole('article', { name: /^Por ler:\s*Assunto 2$/ }, { timeout: 5000 });
    expect(screen.getByText('2 mensagens, 1 por ler')).toBeTruthy();
    expect(within(first).getByText('05/03/2026, 14:30')).toBeTruthy();
    expect(within(first).getByText('Rita Gomes')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'rita2@exemplo.pt' }).getAttribute('href')).toBe('mailto:rita2@exemplo.pt?subject=Re%3A%20Assunto%202');
    expect(within(first).getByText(/Fazem sessões ao sábado\?/)).toBeTruthy();
    const second = screen.getByRole('article', { name: 'Assunto 1' });
    expect(within(second).queryByRole('button', { name: /Marcar como lida/ })).toBeNull();

    fireEvent.click(within(first).getByRole('button', { name: 'Marcar como lida: Assunto 2' }));
    await waitFor(() => expect(screen.getByText('2 mensagens')).toBeTruthy());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual(['/contact/messages/2/read']);
    expect(screen.getByRole('article', { name: 'Assunto 2' })).toBeTruthy();
  });

  it('says when there are no messages and shows the load error', async () => {
    let fail = false;
    fakeApi(admin, ({ path }) =>
      path !== '/contact/messages' ? undefined
      : fail ? { status: 500, body: { error: 'x', message: 'x', code: 'INTERNAL' } }
      : { status: 200, body: { messages: [], pagination: { page: 1, pageSize: 20, total: 0, totalPages: 1 }, unread: 0 } },
    );
    renderAdmin('/admin-dashboard?tab=mensagens');
    expect(await screen.findByText('Ainda não recebeu mensagens pelo formulário de contacto.')).toBeTruthy();
    cleanup();
    fail = true;
    renderAdmin('/admin-dashboard?tab=mensagens');
    expect(await screen.findByText(contactMessages.loadError)).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newsletterMessages, type NewsletterSend, sendStartedMessage, testSentMessage } from '#shared/schemas/newsletter.ts';
import { admin, fakeApi, renderAdmin } from '../admin-test-utils.tsx';
import { subscriberFactory } from '../../../test/factories.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const subscriber = subscriberFactory;
const rita = subscriber({});
const joao = subscriber({ id: 2, email: 'joao@exemplo.pt', status: 'pending', subscribed_at: null, created_at: '2025-04-01T09:00:00.000Z' });
// A 500 without a message of its own: the screen falls back to the spec's text.
const failed = () => ({ status: 500, body: 'falhou' });

describe('subscribers tab', () => {
  it('lists the subscribers with their state and date, between Encomendas and Biblioteca de media', async () => {
    fakeApi(admin, ({ path }) => (path === '/newsletter/subscribers' ? { status: 200, body: [joao, rita] } : undefined));
    renderAdmin('/admin-dashboard?tab=subscritores');
    const row = (await screen.findByRole('rowheader', { name: 'rita@exemplo.pt' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Confirmado')).toBeTruthy();
    expect(within(row).getByText('05/03/2025')).toBeTruthy();
    const pending = screen.getByRole('rowheader', { name: 'joao@exemplo.pt' }).closest('tr') as HTMLElement;
    expect(within(pending).getByText('Por confirmar')).toBeTruthy();
    expect(pending.textContent).toContain('Pedido em 01/04/2025');
    expect(screen.getByText('2 subscritores, 1 confirmado')).toBeTruthy();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs.indexOf('Subscritores')).toBe(tabs.indexOf('Encomendas') + 1);
    expect(tabs.indexOf('Biblioteca de media')).toBe(tabs.indexOf('Subscritores') + 1);
    expect(tabs.indexOf('Newsletter')).toBe(tabs.indexOf('Biblioteca de media') + 1);
  });

  it('deletes a subscriber after confirmation; a failure keeps the dialog open with the spec text', async () => {
    let list = [joao, rita];
    let fail = true;
    const calls = fakeApi(admin, ({ method, path }) => {
      if (method === 'GET' && path === '/newsletter/subscribers') return { status: 200, body: list };
      if (method === 'DELETE' && path === '/newsletter/joao%40exemplo.pt') {
        if (fail) return failed();
        list = [rita];
        return { status: 200, body: { message: newsletterMessages.subscriberDeleted } };
      }
      return undefined;
    });
    renderAdmin('/admin-dashboard?tab=subscritores');
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar subscritor joao@exemplo.pt' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Tem a certeza que deseja eliminar o subscritor joao@exemplo.pt?');
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await within(dialog).findByText(newsletterMessages.deleteError)).toBeTruthy();
    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(newsletterMessages.subscriberDeleted)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'joao@exemplo.pt' })).toBeNull());
  });

  it('shows the load error with a retry, and the empty state', async () => {
    let fail = true;
    fakeApi(admin, ({ path }) => (path === '/newsletter/subscribers' ? (fail ? failed() : { status: 200, body: [] }) : undefined));
    renderAdmin('/admin-dashboard?tab=subscritores');
    expect(await screen.findByText(newsletterMessages.listError)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Ainda não existem subscritores da newsletter.')).toBeTruthy();
  });
});

const history: NewsletterSend[] = [
  {
    id: 3,
    title: 'Edição de março',
    status: 'done',
    recipients: 200,
    sent: 198,
    failed: 2,
    startedAt: '2025-03-10T09:30:00.000Z',
    finishedAt: '2025-03-10T09:32:00.000Z',
  },
];

type Answer = { status: number; body?: unknown };

function newsletterApi(overrides: { content?: () => Answer; save?: () => Answer } = {}) {
  let isToSend = false;
  let draft = { title: 'Edição de abril', value: '<p>Olá!</p>' };
  const calls = fakeApi(admin, ({ method, path, body }) => {
    if (method === 'GET' && path === '/newsletter/content') return overrides.content?.() ?? { status: 200, body: draft };
    if (method === 'PUT' && path === '/newsletter/content') {
      if (overrides.save) return overrides.save();
      draft = body as typeof draft;
      return { status: 200, body: draft };
    }
    if (method === 'GET' && path === '/newsletter/isToSend') return { status: 200, body: { isToSend } };
    if (method === 'PUT' && path === '/newsletter/isToSend') {
      isToSend = (body as { isToSend: boolean }).isToSend;
      return { status: 200, body: { isToSend, message: isToSend ? sendStartedMessage(12) : newsletterMessages.sendStopped } };
    }
    if (method === 'POST' && path === '/newsletter/test') return { status: 200, body: { message: testSentMessage(admin.email) } };
    if (method === 'GET' && path === '/newsletter/sends') return { status: 200, body: history };
    if (method === 'GET' && path === '/newsletter/subscribers') return { status: 200, body: [joao, rita] };
    return undefined;
  });
  return calls;
}

describe('newsletter tab', () => {
  it('loads the draft and the history of sends', async () => {
    newsletterApi();
    renderAdmin('/admin-dashboard?tab=newsletter');
    expect(((await screen.findByLabelText('Título', undefined, { timeout: 5000 })) as HTMLInputElement).value).toBe('Edição de abril');
    expect(screen.getByRole('textbox', { name: 'Conteúdo' }).innerHTML).toContain('Olá!');
    const row = (await screen.findByRole('rowheader', { name: 'Edição de março' })).closest('tr') as HTMLElement;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([expect.stringMatching(/^10\/03\/2025/), 'Enviada', '200', '198', '2']);
    expect((screen.getByRole('switch', { name: 'Enviar a newsletter aos subscritores' }) as HTMLInputElement).checked).toBe(false);
  });

  it('saves the title and content; while unsaved, sending and testing wait', async () => {
    const calls = newsletterApi();
    renderAdmin('/admin-dashboard?tab=newsletter');
    const title = (await screen.findByLabelText('Título', undefined, { timeout: 5000 })) as HTMLInputElement;
    fireEvent.input(title, { target: { value: 'Edição de maio' } });
    expect(await screen.findByText('Guarde as alterações antes de enviar a newsletter ou um teste.')).toBeTruthy();
    expect((screen.getByRole('switch') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Enviar teste para mim' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(newsletterMessages.contentSaved)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT' && c.path === '/newsletter/content')?.body).toEqual({ title: 'Edição de maio', value: '<p>Olá!</p>' });
    expect((screen.getByRole('switch') as HTMLInputElement).disabled).toBe(false);
  });

  it('requires the title and content before saving', async () => {
    const calls = newsletterApi({ content: () => ({ status: 200, body: { title: '', value: '' } }) });
    renderAdmin('/admin-dashboard?tab=newsletter');
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(newsletterMessages.titleRequired)).toBeTruthy();
    expect(screen.getByText(newsletterMessages.contentRequired)).toBeTruthy();
    expect(screen.getByLabelText('Título').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('shows the save error and keeps the changes', async () => {
    newsletterApi({ save: () => failed() });
    renderAdmin('/admin-dashboard?tab=newsletter');
    const title = (await screen.findByLabelText('Título', undefined, { timeout: 5000 })) as HTMLInputElement;
    fireEvent.input(title, { target: { value: 'Edição falhada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect((await screen.findByRole('alert')).textContent).toBe(newsletterMessages.contentSaveError);
    expect(title.value).toBe('Edição falhada');
    expect(screen.getByText('Há alterações por guardar.')).toBeTruthy();
  });

  it('asks before turning the switch on, then says how many it goes to; a test goes to the admin', async () => {
    const calls = newsletterApi();
    renderAdmin('/admin-dashboard?tab=newsletter');
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar teste para mim' }));
    expect(await screen.findByText(testSentMessage(admin.email))).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/newsletter/test')).toHaveLength(1);

    fireEvent.click(screen.getByRole('switch', { name: 'Enviar a newsletter aos subscritores' }));
    const dialog = await screen.findByRole('dialog');
    // How many it goes to, before sending (the pending subscriber does not count).
    await waitFor(() => expect(dialog.textContent).toContain('A newsletter «Edição de abril» vai ser enviada a 1 subscritor confirmado.'));
    expect(calls.filter((c) => c.method === 'PUT' && c.path === '/newsletter/isToSend')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar agora' }));
    expect(await screen.findByText(sendStartedMessage(12))).toBeTruthy();
    const on = screen.getByRole('switch', { name: 'Envio ligado: a newsletter está a ser enviada' }) as HTMLInputElement;
    expect(on.checked).toBe(true);
    expect(calls.find((c) => c.method === 'PUT' && c.path === '/newsletter/isToSend')?.body).toEqual({ isToSend: true });

    fireEvent.click(on);
    expect(await screen.findByText(newsletterMessages.sendStopped)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT' && c.path === '/newsletter/isToSend').at(-1)?.body).toEqual({ isToSend: false });
  });

  it('shows the load error with a retry', async () => {
    let fail = true;
    newsletterApi({ content: () => (fail ? failed() : { status: 200, body: { title: 'De novo', value: '<p>x</p>' } }) });
    renderAdmin('/admin-dashboard?tab=newsletter');
    expect(await screen.findByText(newsletterMessages.contentLoadError)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(((await screen.findByLabelText('Título', undefined, { timeout: 5000 })) as HTMLInputElement).value).toBe('De novo');
  });
});

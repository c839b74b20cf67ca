// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '#shared/messages.ts';
import { newsletterConsent, newsletterMessages } from '#shared/schemas/newsletter.ts';
import { NewsletterForm } from './newsletter-form.tsx';
import { NewsletterUnsubscribePage, NewsletterVerifyPage } from './newsletter-token-pages.tsx';

type Reply = { status: number; body?: unknown };
type Call = { method: string; path: string; search: string; body: unknown };

let calls: Call[];
let reply: (call: Call) => Reply | Promise<Reply>;

const failure = (status: number, message: string): Reply => ({ status, body: { message, error: message, code: 'X' } });

beforeEach(() => {
  calls = [];
  reply = () => ({ status: 404, body: { message: 'x', error: 'x', code: 'NOT_FOUND' } });
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const call = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      search: url.search,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const answer = await reply(call);
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <NewsletterForm /> },
      { path: '/newsletter/verify', element: <NewsletterVerifyPage /> },
      { path: '/newsletter/unsubscribe', element: <NewsletterUnsubscribePage /> },
      { path: '/termos-privacidade', element: <p>Termos</p> },
    ],
    { initialEntries: [url] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

const emailField = () => screen.getByLabelText('O seu email') as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: /Subscrever|A subscrever/ }) as HTMLButtonElement;

describe('footer newsletter form', () => {
  it('shows the consent it stores, with the terms linked', () => {
    renderAt('/');
    const consent = document.getElementById('newsletter-consent');
    expect(consent?.textContent).toBe(newsletterConsent.text);
    expect(screen.getByRole('link', { name: newsletterConsent.linkLabel }).getAttribute('href')).toBe('/termos-privacidade');
    expect(emailField().getAttribute('aria-describedby')).toBe('newsletter-consent');
  });

  it('asks for a valid e-mail before calling the server', async () => {
    renderAt('/');
    fireEvent.click(submit());
    expect(await screen.findByText(messages.emailInvalid)).toBeTruthy();
    fireEvent.input(emailField(), { target: { value: 'sem-arroba' } });
    fireEvent.click(submit());
    await waitFor(() => expect(emailField().getAttribute('aria-invalid')).toBe('true'));
    expect(calls).toHaveLength(0);
  });

  it('disables the field and button with a spinner while submitting, then shows a dismissible success', async () => {
    let release: () => void = () => {};
    reply = () => new Promise<Reply>((resolve) => (release = () => resolve({ status: 200, body: { message: newsletterMessages.subscribed } })));
    renderAt('/');
    fireEvent.input(emailField(), { target: { value: ' Ana@Exemplo.PT ' } });
    fireEvent.click(submit());
    await waitFor(() => expect(submit().textContent).toContain('A subscrever...'));
    expect((emailField().closest('fieldset') as HTMLFieldSetElement).disabled).toBe(true);
    expect(submit().closest('fieldset')?.disabled).toBe(true);
    release();
    expect(await screen.findByText(newsletterMessages.subscribed)).toBeTruthy();
    expect(calls).toEqual([{ method: 'POST', path: '/newsletter', search: '', body: { email: 'ana@exemplo.pt' } }]);
    expect(emailField().value).toBe('');
    expect((emailField().closest('fieldset') as HTMLFieldSetElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByText(newsletterMessages.subscribed)).toBeNull());
  });

  it("shows the server's message, or the spec's text when there is none", async () => {
    reply = () => failure(429, messages.tooManyRequests);
    renderAt('/');
    fireEvent.input(emailField(), { target: { value: 'ana@exemplo.pt' } });
    fireEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toContain(messages.tooManyRequests);
    reply = () => ({ status: 500, body: 'falhou' });
    fireEvent.click(submit());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(newsletterMessages.subscribeError));
    expect(emailField().value).toBe('ana@exemplo.pt');
  });
});

describe('newsletter confirmation and unsubscribe pages', () => {
  it("says 'Token não encontrado' at once when the link has no token", async () => {
    renderAt('/newsletter/verify');
    expect(screen.getByText(newsletterMessages.tokenMissing)).toBeTruthy();
    renderAt('/newsletter/unsubscribe?token=');
    expect(screen.getAllByText(newsletterMessages.tokenMissing)).toHaveLength(2);
    expect(calls).toHaveLength(0);
  });

  it("confirms once and shows the server's message", async () => {
    reply = () => ({ status: 200, body: { message: newsletterMessages.confirmed } });
    renderAt('/newsletter/verify?token=abc123');
    expect(screen.getByRole('status').textContent).toContain('A confirmar a subscrição...');
    expect(await screen.findByText(newsletterMessages.confirmed)).toBeTruthy();
    expect(calls).toEqual([{ method: 'GET', path: '/newsletter/verify', search: '?token=abc123', body: undefined }]);
  });

  it("shows the server's refusal, or the spec's error text", async () => {
    reply = () => failure(400, newsletterMessages.linkInvalid);
    renderAt('/newsletter/verify?token=usado');
    expect(await screen.findByText(newsletterMessages.linkInvalid)).toBeTruthy();
    cleanup();
    reply = () => ({ status: 500, body: 'falhou' });
    renderAt('/newsletter/unsubscribe?token=x');
    expect(await screen.findByText(newsletterMessages.unsubscribeError)).toBeTruthy();
    cleanup();
    renderAt('/newsletter/verify?token=y');
    expect(await screen.findByText(newsletterMessages.verifyError)).toBeTruthy();
  });

  it('unsubscribes with the token from the newsletter', async () => {
    reply = () => ({ status: 200, body: { message: newsletterMessages.unsubscribed } });
    renderAt('/newsletter/unsubscribe?token=tok');
    expect(await screen.findByText(newsletterMessages.unsubscribed)).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}${c.search}`)).toEqual(['GET /newsletter/unsubscribe?token=tok']);
    expect(document.title).toBe('Cancelar a newsletter | Loja');
  });
});

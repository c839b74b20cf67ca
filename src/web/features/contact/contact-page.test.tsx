// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '#shared/messages.ts';
import { contactMessages } from '#shared/schemas/contact.ts';
import { fakeApi, type FakeCall, renderRoutes } from '../../test/harness.tsx';
import { FRESH_SHOP_METHODS } from '#shared/shipping.ts';
import { toShippingMethod } from '#shared/schemas/shipping.ts';
import { TermsPage, TERMS_UPDATED_ON } from '../terms/terms-page.tsx';
import { ContactPage } from './contact-page.tsx';
import { SUCCESS_MS } from '../../components/use-timers.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const shopDetails = { legalName: 'Arruma Lda.', nif: '509999999', address: 'Rua Direita, 1, 4000-001 Porto', phone: '+351 222 333 444', email: 'ola@arruma.pt', social: [{ name: 'Instagram' as const, url: 'https://www.instagram.com/arruma' }] };

function renderPage(element: React.ReactNode, handler: (call: FakeCall) => { status: number; body?: unknown } | undefined) {
  const calls = fakeApi(null, (call) => (call.path === '/shop' ? { status: 200, body: shopDetails } : handler(call)));
  renderRoutes([{ path: '/', element }], '/');
  return calls;
}

/** The form is its own chunk (loaded after the page): wait for it. */
const formLoaded = () => screen.findByRole('button', { name: 'Enviar' });

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const fill = () => {
  fireEvent.input(field('Nome'), { target: { value: 'Rita' } });
  fireEvent.input(field('Email'), { target: { value: 'rita@exemplo.pt' } });
  fireEvent.input(field('Assunto'), { target: { value: 'Sessão' } });
  fireEvent.input(field('Mensagem'), { target: { value: 'Olá!' } });
};

describe('contact page', () => {
  it('shows the shop contacts: phone as tel:, e-mail as mailto:, the hours and the social links', async () => {
    renderPage(<ContactPage />, () => undefined);
    expect((await screen.findByRole('link', { name: '+351 222 333 444' })).getAttribute('href')).toBe('tel:+351222333444');
    expect(screen.getByRole('link', { name: 'ola@arruma.pt' }).getAttribute('href')).toBe('mailto:ola@arruma.pt');
    expect(screen.getByText('Segunda a Sexta, 9h às 18h')).toBeTruthy();
    const instagram = screen.getByRole('link', { name: 'Instagram (abre numa nova janela)' });
    expect(instagram.getAttribute('rel')).toBe('noopener noreferrer');
    expect(instagram.getAttribute('href')).toBe('https://www.instagram.com/arruma');
    // Only the networks the owner set (issue #12).
    expect(screen.queryByRole('link', { name: /Facebook/ })).toBeNull();
  });

  it('checks every field before sending, with pt-PT messages', async () => {
    const calls = renderPage(<ContactPage />, () => undefined);
    fireEvent.click(await formLoaded());
    expect(await screen.findByText(contactMessages.nameRequired)).toBeTruthy();
    expect(screen.getByText(messages.emailInvalid)).toBeTruthy();
    expect(screen.getByText(contactMessages.subjectRequired)).toBeTruthy();
    expect(screen.getByText(contactMessages.messageRequired)).toBeTruthy();
    expect(field('Nome').getAttribute('aria-invalid')).toBe('true');
    expect(field('Nome').getAttribute('maxlength')).toBe('120');
    expect(field('Mensagem').getAttribute('maxlength')).toBe('5000');
    expect(field('Email').getAttribute('type')).toBe('email');
    expect(calls.filter((c) => c.path === '/contact')).toEqual([]);
  });

  it('sends, disables the button meanwhile, clears the form and shows the success for 3 s', async () => {
    let answer: (value: { status: number; body?: unknown }) => void = () => {};
    const calls: FakeCall[] = [];
    fakeApi(null, (call) => {
      if (call.path === '/shop') return { status: 200, body: shopDetails };
      if (call.path !== '/contact') return undefined;
      calls.push(call);
      return new Promise((resolve) => (answer = resolve));
    });
    renderRoutes([{ path: '/', element: <ContactPage /> }], '/');
    await formLoaded();
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    const busy = await screen.findByRole('button', { name: 'A enviar...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(calls[0]?.body).toEqual({ name: 'Rita', email: 'rita@exemplo.pt', subject: 'Sessão', message: 'Olá!' });

    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer({ status: 200, body: { message: contactMessages.sent } });
    expect(await screen.findByText(contactMessages.sent)).toBeTruthy();
    expect(field('Nome').value).toBe('');
    expect(field('Mensagem').value).toBe('');
    vi.advanceTimersByTime(SUCCESS_MS);
    await waitFor(() => expect(screen.queryByText(contactMessages.sent)).toBeNull());
  });

  it('shows the server field messages, the 429 text and otherwise the spec error', async () => {
    let status = 400;
    renderPage(<ContactPage />, (call) =>
      call.path !== '/contact' ? undefined
      : status === 400 ? { status, body: { error: 'x', message: 'x', code: 'INVALID', fields: { email: messages.emailInvalid } } }
      : status === 429 ? { status, body: { error: messages.tooManyRequests, message: 'x', code: 'TOO_MANY_REQUESTS' } }
      : { status, body: { error: messages.internal, message: 'x', code: 'INTERNAL' } },
    );
    await formLoaded();
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(messages.emailInvalid)).toBeTruthy();

    status = 429;
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(messages.tooManyRequests)).toBeTruthy();

    status = 500;
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(contactMessages.sendError)).toBeTruthy();
    expect(field('Nome').value).toBe('Rita');
  });
});

describe('terms page', () => {
  it('dates itself by the last change, not today, and reads the shipping rule and the shop details', async () => {
    renderPage(<TermsPage />, () => undefined);
    expect(screen.getByRole('heading', { level: 1, name: 'Termos e Privacidade' })).toBeTruthy();
    const updated = screen.getByText(/^Última atualização:/);
    expect(within(updated).getByText(/de \d{4}$/).getAttribute('datetime')).toBe(TERMS_UPDATED_ON);
    expect(updated.textContent).toBe('Última atualização: 26 de novembro de 2026');
    const toc = screen.getByRole('navigation', { name: 'Índice' });
    const links = within(toc).getAllByRole('link');
    expect(links).toHaveLength(14);
    for (const link of links) expect(document.getElementById(link.getAttribute('href')!.slice(1))).not.toBeNull();
    expect(screen.getByRole('region', { name: '11. Envios e entregas' }).textContent).toMatch(/6,00\s€ por encomenda com valor inferior a 70,00\s€/);
    expect((await screen.findAllByText('NIF 509999999', { exact: false })).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: /CNPD/ }).getAttribute('href')).toBe('https://www.cnpd.pt');
    expect(screen.getByRole('link', { name: /Livro de Reclamações Eletrónico/ }).getAttribute('href')).toBe('https://www.livroreclamacoes.pt');
  });

  it("names the owner's zones abroad with their countries and methods (decision 0055)", async () => {
    const methods = FRESH_SHOP_METHODS.map(toShippingMethod);
    const correos = { ...methods[0]!, id: 9, zone: 'espanha', name: 'Correos', price: 12.5, free_above: null, days_min: 3, days_max: 6 };
    const zones = [
      { code: 'espanha', name: 'Espanha', countries: ['ES'] },
      // A zone without a method is not offered, so the terms do not name it.
      { code: 'benelux', name: 'Benelux', countries: ['BE', 'NL'] },
    ];
    renderPage(<TermsPage />, (call) => (call.path === '/shipping-method/offer' ? { status: 200, body: { methods: [...methods, correos], zones } } : undefined));
    const shipping = screen.getByRole('region', { name: '11. Envios e entregas' });
    await waitFor(() => expect(shipping.textContent).toMatch(/Espanha \(Espanha \(ES\)\): Correos: 12,50\s€ por encomenda\. Entrega em 3 a 6 dias úteis/));
    expect(shipping.textContent).toContain('fora de Portugal, é a do país da morada');
    expect(shipping.textContent).not.toContain('Benelux');
  });
});

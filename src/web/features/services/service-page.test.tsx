// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatEuros } from '#shared/money.ts';
import { serviceMessages, type Service } from '#shared/schemas/services.ts';
import type { PublicUser } from '#shared/schemas/account.ts';
import { admin, fakeApi } from '../admin/admin-test-utils.tsx';
import { serviceFactory, renderServices } from './services-test-utils.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sessao = serviceFactory({
  id: 5,
  name: 'Sessão online',
  description: 'Uma hora por videochamada.\nSai com um plano semanal.',
  short_description: 'Uma hora para pôr a semana em ordem.',
  schedule_link: 'https://calendly.com/loja/sessao',
  price: 45,
});
const serve = (service: Service, me: PublicUser | null = null) =>
  fakeApi(me, ({ path }) => (path === `/service/${service.id}` ? { status: 200, body: service } : undefined));

describe('service detail', () => {
  it('shows breadcrumb, picture, name, description, price and the external Agendar Serviço button; the page is titled by the service', async () => {
    serve(sessao);
    renderServices('/servicos/5');
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sessão online' })).toBeTruthy();

    const crumbs = within(screen.getByRole('navigation', { name: 'Navegação estrutural' }));
    expect(crumbs.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(crumbs.getByRole('link', { name: 'Serviços' }).getAttribute('href')).toBe('/servicos');
    expect(crumbs.getByText('Sessão online')).toBeTruthy();

    expect(screen.getByRole('img', { name: 'Sessão online' })).toBeTruthy();
    expect(screen.getByText(/Uma hora por videochamada\./).textContent).toBe(sessao.description);
    expect(screen.getByText(formatEuros(45).replace(/\s/g, ' '))).toBeTruthy();
    const book = screen.getByRole('link', { name: 'Agendar Serviço: Sessão online (abre num novo separador)' });
    expect(book.getAttribute('href')).toBe('https://calendly.com/loja/sessao');
    expect(book.getAttribute('target')).toBe('_blank');
    expect(book.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.queryByRole('link', { name: /Editar Serviço/ })).toBeNull();
  });

  it('offers admins Editar Serviço, linking to the edit form', async () => {
    serve(sessao, admin);
    renderServices('/servicos/5');
    const edit = await screen.findByRole('link', { name: 'Editar Serviço' });
    expect(edit.getAttribute('href')).toBe('/admin-dashboard/edit-service/5');
  });

  it("warns 'Serviço não encontrado' for an unknown service or a bad address", async () => {
    fakeApi(null);
    renderServices('/servicos/99');
    expect(await screen.findByRole('heading', { level: 1, name: serviceMessages.notFound })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar aos serviços' }).getAttribute('href')).toBe('/servicos');
    cleanup();
    renderServices('/servicos/abc');
    expect(await screen.findByRole('heading', { level: 1, name: serviceMessages.notFound })).toBeTruthy();
  });

  it("shows the detail error otherwise, and loads again on request", async () => {
    let fail = true;
    fakeApi(null, () => (fail ? { status: 500, body: { error: 'x', message: 'x', code: 'INTERNAL' } } : { status: 200, body: sessao }));
    renderServices('/servicos/5');
    expect(await screen.findByText(serviceMessages.detailError)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sessão online' })).toBeTruthy();
  });
});

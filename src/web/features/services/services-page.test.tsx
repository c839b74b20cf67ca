// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serviceMessages } from '#shared/schemas/services.ts';
import { fakeApi } from '../../test/harness.tsx';
import { serviceFactory, renderServices } from './services-test-utils.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const services = [
  serviceFactory({ id: 1, name: 'Workshop de destralhe', order: 2, image: null }),
  serviceFactory({ id: 2, name: 'Árvore de tarefas', order: 2 }),
  serviceFactory({ id: 3, name: 'Sessão online', order: 1 }),
  serviceFactory({ id: 4, name: 'Organização de mudanças', order: 2 }),
];
const serve = () => fakeApi(null, ({ method, path }) => (method === 'GET' && path === '/service' ? { status: 200, body: services } : undefined));
const cardNames = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('service list', () => {
  it('shows a spinner, then the cards by display order and then name; Nome: A-Z and Z-A sort by name alone', async () => {
    serve();
    renderServices('/servicos');
    expect(screen.getByRole('heading', { level: 1, name: 'Serviços' })).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
    await screen.findByText('4 serviços encontrados');
    expect(cardNames()).toEqual(['Sessão online', 'Árvore de tarefas', 'Organização de mudanças', 'Workshop de destralhe']);

    const sort = screen.getByLabelText('Ordenar por') as HTMLSelectElement;
    expect([...sort.options].map((o) => o.text)).toEqual(['Recomendados', 'Nome: A-Z', 'Nome: Z-A']);
    fireEvent.change(sort, { target: { value: 'name_asc' } });
    await waitFor(() => expect(cardNames()).toEqual(['Árvore de tarefas', 'Organização de mudanças', 'Sessão online', 'Workshop de destralhe']));
    fireEvent.change(sort, { target: { value: 'name_desc' } });
    await waitFor(() => expect(cardNames()).toEqual(['Workshop de destralhe', 'Sessão online', 'Organização de mudanças', 'Árvore de tarefas']));
  });

  it('searches the names case-insensitively (accents too) and says so when nothing matches', async () => {
    serve();
    const { router } = renderServices('/servicos');
    await screen.findByText('4 serviços encontrados');
    const search = screen.getByLabelText('Pesquisar');
    fireEvent.change(search, { target: { value: 'ORGANIZACAO' } });
    expect(cardNames()).toEqual(['Organização de mudanças']);
    expect(screen.getByText('1 serviço encontrado')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?q=ORGANIZACAO'));

    fireEvent.change(search, { target: { value: 'mudancas organizacao' } });
    expect(cardNames()).toEqual(['Organização de mudanças']);

    fireEvent.change(search, { target: { value: 'jardinagem' } });
    expect(screen.getByText(serviceMessages.empty)).toBeTruthy();
    expect(screen.queryAllByRole('heading', { level: 2 })).toHaveLength(0);
  });

  it('gives each card its picture (or a placeholder), the short description cut at 80 characters on a word, Ver mais and an external Agendar', async () => {
    const long = 'Uma manhã em sua casa para organizar a divisão que mais a preocupa, lado a lado consigo e com calma.';
    fakeApi(null, () => ({ status: 200, body: [serviceFactory({ id: 7, name: 'Consultoria', short_description: long }), services[0]] }));
    renderServices('/servicos');
    const card = (await screen.findByRole('heading', { level: 2, name: 'Consultoria' })).closest('.card') as HTMLElement;
    expect(within(card).getByText('Uma manhã em sua casa para organizar a divisão que mais a preocupa, lado a lado...')).toBeTruthy();
    expect(within(card).getByRole('img', { name: 'Consultoria' }).getAttribute('src')).toBe('/api/images/1/abcdefabcdef/1024.webp');
    expect(within(card).getByRole('link', { name: 'Ver mais: Consultoria' }).getAttribute('href')).toBe('/servicos/7');
    const book = within(card).getByRole('link', { name: 'Agendar: Consultoria (abre num novo separador)' });
    expect(book.getAttribute('href')).toBe('https://calendly.com/loja/consultoria');
    expect(book.getAttribute('target')).toBe('_blank');
    expect(book.getAttribute('rel')).toBe('noopener noreferrer');

    const plain = screen.getByRole('heading', { level: 2, name: 'Workshop de destralhe' }).closest('.card') as HTMLElement;
    expect(within(plain).getByText('Sem imagem')).toBeTruthy();
  });

  it("shows the spec's message when the list cannot load, and loads again on request", async () => {
    let fail = true;
    fakeApi(null, () => (fail ? { status: 500, body: { error: 'x', message: 'x', code: 'INTERNAL' } } : { status: 200, body: services }));
    renderServices('/servicos');
    expect(await screen.findByText(serviceMessages.listError)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('4 serviços encontrados')).toBeTruthy();
  });
});

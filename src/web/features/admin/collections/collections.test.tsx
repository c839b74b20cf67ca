// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '#shared/paths.ts';
import { type AdminCollection, collectionMessages } from '#shared/schemas/collections.ts';
import { catalogImage } from '../../../test/factories.ts';
import { admin, fakeApi, renderAdminRoutes, userFactory } from '../admin-test-utils.tsx';
import { productFactory } from '../products/product-test-utils.tsx';
import { CollectionFormPage } from './collection-form-page.tsx';

// The Coleções tab and the collection form (issue #30): the owner's list, creating, editing and deleting a
// collection, its products found by name and put in order, and the server's refusals shown at their fields.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const collectionFactory = (overrides: Partial<AdminCollection> = {}): AdminCollection => ({
  id: 4,
  name: 'Arrumação da casa',
  slug: 'arrumacao-da-casa',
  description: '<p>Caixas e cestos.</p>',
  image: catalogImage(3),
  imageId: 3,
  sort: 'manual',
  published: true,
  onHome: false,
  productCount: 2,
  productIds: [11, 12],
  products: [
    { id: 11, name: 'Cesto de feltro' },
    { id: 12, name: 'Caixa com tampa' },
  ],
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const published = collectionFactory();
const draft = collectionFactory({ id: 5, name: 'Prendas', slug: 'prendas', published: false, onHome: true, image: null, imageId: null, productIds: [], products: [], productCount: 0 });
const failure = { status: 500, body: { error: 'x', message: 'x', code: 'INTERNAL' } };

const render = (entry: string) => renderAdminRoutes(<CollectionFormPage />, paths.adminCreateCollection, paths.adminEditCollection.pattern, entry);
const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

describe('Coleções tab', () => {
  it('lists each collection with its address, products, state and actions; a draft has no link', async () => {
    fakeApi(admin, ({ path }) => (path === '/collection' ? { status: 200, body: [published, draft] } : undefined));
    render('/admin-dashboard?tab=colecoes');
    const table = await screen.findByRole('region', { name: 'Lista de coleções' });
    expect(screen.getByRole('status').textContent).toBe('2 coleções');
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByRole('rowheader').textContent).toBe('Arrumação da casa');
    expect(within(first!).getByRole('link', { name: '/colecoes/arrumacao-da-casa' }).getAttribute('href')).toBe('/colecoes/arrumacao-da-casa');
    expect(within(first!).getByText('2')).toBeTruthy();
    expect(within(first!).getByText('Publicada')).toBeTruthy();
    expect(within(first!).getByRole('link', { name: 'Editar coleção Arrumação da casa' }).getAttribute('href')).toBe('/admin-dashboard/edit-collection/4');
    expect(within(second!).getByText('/colecoes/prendas').tagName).toBe('TD');
    expect(within(second!).queryByRole('link', { name: '/colecoes/prendas' })).toBeNull();
    expect(within(second!).getByText('Rascunho')).toBeTruthy();
    expect(within(second!).getByText('Na página inicial')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nova coleção' }).getAttribute('href')).toBe('/admin-dashboard/create-collection');
  });

  it('says when there are none, and when the list cannot load', async () => {
    fakeApi(admin, ({ path }) => (path === '/collection' ? { status: 200, body: [] } : undefined));
    render('/admin-dashboard?tab=colecoes');
    expect(await screen.findByText('Ainda não existem coleções.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Lista de coleções' })).toBeNull();
    cleanup();

    fakeApi(admin, ({ path }) => (path === '/collection' ? failure : undefined));
    render('/admin-dashboard?tab=colecoes');
    expect(await screen.findByText('Erro ao carregar coleções.')).toBeTruthy();
  });

  it('deletes after a confirmation naming the collection; a failed delete says so in the dialog', async () => {
    let remaining = [published, draft];
    let fail = true;
    fakeApi(admin, ({ method, path }) => {
      if (method === 'GET' && path === '/collection') return { status: 200, body: remaining };
      if (method === 'DELETE' && path === '/collection/5') {
        if (fail) return failure;
        remaining = [published];
        return { status: 200, body: { message: collectionMessages.deleted } };
      }
      return undefined;
    });
    render('/admin-dashboard?tab=colecoes');
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar coleção Prendas' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Os produtos continuam na loja\./)).toBeTruthy();
    expect(within(dialog).getByText('Prendas')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await within(dialog).findByText('Erro ao eliminar coleção.')).toBeTruthy();

    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(collectionMessages.deleted)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Prendas' })).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('1 coleção');
  });
});

describe('collection form', () => {
  it('sends customers to the home page', async () => {
    fakeApi(userFactory());
    render('/admin-dashboard/create-collection');
    expect(await screen.findByText('Página inicial')).toBeTruthy();
  });

  it('refuses a missing name and an address with capitals or accents before sending anything', async () => {
    const calls = fakeApi(admin, ({ path }) => (path === '/image' ? { status: 200, body: [] } : undefined));
    render('/admin-dashboard/create-collection');
    await screen.findByRole('heading', { level: 1, name: 'Nova coleção' });
    type('Endereço (slug)', 'Arrumação');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(collectionMessages.nameRequired)).toBeTruthy();
    expect(screen.getByText(collectionMessages.slugInvalid)).toBeTruthy();
    expect(screen.getByLabelText('Endereço (slug)').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('creates a collection: products found by name, put in order, one taken out; the address left to the server', { timeout: 20_000 }, async () => {
    const rows = [productFactory({ id: 21, name: 'Cesto de feltro' }), productFactory({ id: 22, name: 'Caixa com tampa' }), productFactory({ id: 23, name: 'Cesto de vime' })];
    const calls = fakeApi(admin, ({ method, path, query }) => {
      if (path === '/image') return { status: 200, body: [] };
      if (method === 'GET' && path === '/product') {
        const q = (query.get('q') ?? '').toLowerCase();
        const found = rows.filter((p) => p.name.toLowerCase().includes(q));
        return { status: 200, body: { rows: found, count: found.length, page: 1, pageSize: 20, totalPages: 1 } };
      }
      if (method === 'POST' && path === '/collection') return { status: 201, body: collectionFactory({ id: 9 }) };
      if (path === '/collection') return { status: 200, body: [] };
      return undefined;
    });
    const { router } = render('/admin-dashboard/create-collection');
    await screen.findByRole('heading', { level: 1, name: 'Nova coleção' });
    expect(screen.getByText('Ainda sem produtos: pesquise e adicione abaixo.')).toBeTruthy();
    type('Nome', '  Cestos ');
    type('Adicionar produtos', 'cesto');
    // The search waits for a pause in the typing (250 ms) before it asks. (The test DOM's name computation joins
    // "Adicionar" and the hidden product name without their space.)
    fireEvent.click(await screen.findByRole('button', { name: /^Adicionar ?Cesto de vime$/ }, { timeout: 3000 }));
    fireEvent.click(screen.getByRole('button', { name: /^Adicionar ?Cesto de feltro$/ }));
    expect(screen.getByRole('button', { name: /^Adicionado ?Cesto de vime$/ }).hasAttribute('disabled')).toBe(true);
    type('Adicionar produtos', 'caixa');
    fireEvent.click(await screen.findByRole('button', { name: /^Adicionar ?Caixa com tampa$/ }, { timeout: 3000 }));

    // The chosen products' numbered list (the search's results follow it).
    const chosen = () => {
      const [ordered] = within(screen.getByRole('group', { name: 'Produtos da coleção' })).getAllByRole('list');
      return within(ordered!).getAllByRole('listitem').map((li) => li.textContent);
    };
    expect(chosen()).toEqual(['Cesto de vime', 'Cesto de feltro', 'Caixa com tampa']);
    expect(screen.getByRole('button', { name: 'Subir Cesto de vime' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Subir Caixa com tampa' }));
    fireEvent.click(screen.getByRole('button', { name: 'Descer Cesto de vime' }));
    expect(chosen()).toEqual(['Caixa com tampa', 'Cesto de vime', 'Cesto de feltro']);
    fireEvent.click(screen.getByRole('button', { name: 'Retirar Cesto de feltro da coleção' }));
    expect(chosen()).toEqual(['Caixa com tampa', 'Cesto de vime']);

    fireEvent.change(screen.getByLabelText('Ordem dos produtos na página'), { target: { value: 'price_asc' } });
    fireEvent.click(screen.getByLabelText('Publicada (visível na loja)'));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-dashboard'));
    expect(router.state.location.search).toBe('?tab=colecoes');
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.body).toEqual({ name: 'Cestos', description: '', image_id: null, product_ids: [22, 23], sort: 'price_asc', published: true, on_home: false });
    expect(await screen.findByText('Coleção criada.')).toBeTruthy();
  });

  it("edits a collection: its fields and products as saved; the server's refusals stand at their fields and nothing moves", { timeout: 20_000 }, async () => {
    let answer: { status: number; body: unknown } = { status: 409, body: { error: collectionMessages.slugTaken, message: collectionMessages.slugTaken, fields: { slug: collectionMessages.slugTaken } } };
    const calls = fakeApi(admin, ({ method, path }) => {
      if (path === '/image') return { status: 200, body: [{ id: 3, name: 'cestos.jpg', thumbnail: '/media/p3-thumb.webp' }] };
      if (method === 'GET' && path === '/collection') return { status: 200, body: [published] };
      if (method === 'PUT' && path === '/collection/4') return answer;
      return undefined;
    });
    const { router } = render('/admin-dashboard/edit-collection/4');
    await screen.findByRole('heading', { level: 1, name: 'Editar coleção' });
    expect((await screen.findByLabelText<HTMLInputElement>('Nome')).value).toBe('Arrumação da casa');
    expect(screen.getByLabelText<HTMLInputElement>('Endereço (slug)').value).toBe('arrumacao-da-casa');
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Imagem (da biblioteca de media)').value).toBe('3'));
    expect(screen.getByRole('img', { name: 'Pré-visualização: cestos.jpg' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Publicada (visível na loja)').checked).toBe(true);

    type('Endereço (slug)', 'prendas');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(collectionMessages.slugTaken)).toBeTruthy();
    expect(screen.getByLabelText('Endereço (slug)').getAttribute('aria-invalid')).toBe('true');
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ slug: 'prendas', product_ids: [11, 12], image_id: 3, published: true });

    answer = { status: 400, body: { error: collectionMessages.productsNotFound, message: collectionMessages.productsNotFound, fields: { product_ids: collectionMessages.productsNotFound } } };
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await within(screen.getByRole('group', { name: 'Produtos da coleção' })).findByText(collectionMessages.productsNotFound)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin-dashboard/edit-collection/4');
  });

  it('says so when the collection does not exist', async () => {
    fakeApi(admin, ({ path }) => (path === '/collection' ? { status: 200, body: [published] } : path === '/image' ? { status: 200, body: [] } : undefined));
    render('/admin-dashboard/edit-collection/77');
    expect(await screen.findByText(collectionMessages.notFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar à lista de coleções' }).getAttribute('href')).toBe('/admin-dashboard?tab=colecoes');
  });
});

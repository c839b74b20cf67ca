// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SavedAddress } from '#shared/schemas/addresses.ts';
import { fakeApi, type FakeCall, renderRoutes, userFactory } from '../../test/harness.tsx';
import { ProfilePage } from './profile-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const home: SavedAddress = { id: 1, name: 'Ana Lopes', address: 'Rua das Flores 10', city: 'Lisboa', postal_code: '1100-200', country: 'Portugal', phone: '912345678', is_default: true };
const work: SavedAddress = { id: 2, name: 'Ana Lopes', address: 'Avenida da Liberdade 200', city: 'Lisboa', postal_code: '1250-096', country: 'Portugal', phone: '213456789', is_default: false };

/** A server holding `book`, answering each change with the whole book as the API does. */
function serveBook(initial: SavedAddress[]) {
  let book = initial;
  const calls = fakeApi(userFactory({ username: 'ana' }), (call: FakeCall) => {
    if (call.path === '/user/addresses' && call.method === 'GET') return { status: 200, body: book };
    if (call.path === '/user/addresses' && call.method === 'POST') {
      const body = call.body as Omit<SavedAddress, 'id' | 'is_default'>;
      book = [...book, { ...body, id: 3, country: 'Portugal', is_default: book.length === 0 }];
      return { status: 200, body: book };
    }
    const id = Number(call.path.split('/').at(-1));
    if (call.method === 'PUT') {
      book = book.map((a) => (a.id === id ? { ...a, is_default: true } : { ...a, is_default: false }));
      return { status: 200, body: book };
    }
    if (call.method === 'DELETE') {
      book = book.filter((a) => a.id !== id);
      return { status: 200, body: book };
    }
    return undefined;
  });
  return calls;
}

const openTab = async () => {
  renderRoutes([{ path: '/perfil', element: <ProfilePage /> }], '/perfil');
  fireEvent.click(await screen.findByRole('tab', { name: 'Moradas' }));
  return screen.findByRole('heading', { name: 'As minhas moradas' });
};

describe('Moradas (the address book in /perfil)', () => {
  it('lists the addresses with the default marked, and makes another the default', async () => {
    const calls = serveBook([home, work]);
    await openTab();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Predefinida')).toBeTruthy();
    expect(within(items[1]!).queryByText('Predefinida')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Tornar predefinida a morada Avenida da Liberdade 200, Lisboa' }));
    expect(await screen.findByText('Esta é agora a sua morada predefinida.')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/user/addresses/2');
    expect(put?.body).toMatchObject({ address: 'Avenida da Liberdade 200', is_default: true });
  });

  it('adds an address with the checkout messages for bad fields, sending nothing until they are right', async () => {
    const calls = serveBook([]);
    await openTab();
    expect(await screen.findByText('Ainda não tem moradas guardadas.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar morada' }));
    const form = screen.getByRole('form', { name: 'Nova morada' });
    fireEvent.change(within(form).getByLabelText('Nome completo'), { target: { value: 'Ana Lopes' } });
    fireEvent.change(within(form).getByLabelText('Morada'), { target: { value: 'Rua Nova 5' } });
    fireEvent.change(within(form).getByLabelText('Cidade'), { target: { value: 'Porto' } });
    fireEvent.change(within(form).getByLabelText('Código postal'), { target: { value: '4000' } });
    fireEvent.change(within(form).getByLabelText('Telefone'), { target: { value: '912345678' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar morada' }));
    expect(await within(form).findByText('O código postal deve ter o formato 0000-000.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Código postal'), { target: { value: '4000-322' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar morada' }));
    expect(await screen.findByText('Morada guardada.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'Ana Lopes', address: 'Rua Nova 5', city: 'Porto', postal_code: '4000-322', phone: '912345678' });
    expect(screen.getByText('Rua Nova 5')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Nova morada' })).toBeNull();
  });

  it('asks before deleting, and deletes only when confirmed', async () => {
    const calls = serveBook([home, work]);
    await openTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar a morada Avenida da Liberdade 200, Lisboa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar morada' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar a morada Avenida da Liberdade 200, Lisboa' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Eliminar morada' })).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Morada eliminada.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/user/addresses/2');
    expect(screen.queryByText('Avenida da Liberdade 200')).toBeNull();
    expect(screen.getByText('Rua das Flores 10')).toBeTruthy();
  });
});

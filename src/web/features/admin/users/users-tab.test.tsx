// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { admin, fakeApi, renderAdmin, userFactory } from '../admin-test-utils.tsx';
import { filterUsers } from './users-tab.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const maria = userFactory();
const joao = userFactory({ id: 3, username: 'João', email: 'joao@exemplo.pt', isBanned: true, isVerified: false });

describe('users tab', () => {
  it('lists users with their state, date and actions; no Eliminar on my own row', async () => {
    fakeApi(admin, ({ path }) => (path === '/user' ? { status: 200, body: [admin, maria, joao] } : undefined));
    renderAdmin('/admin-dashboard?tab=utilizadores');
    const table = await screen.findByRole('table');
    for (const name of ['Nome de utilizador', 'Email', 'Estado', 'Registado em', 'Ações']) {
      expect(within(table).getByRole('columnheader', { name })).toBeTruthy();
    }
    const joaoRow = within(table).getByRole('row', { name: /João/ });
    expect(within(joaoRow).getByText('Bloqueado')).toBeTruthy();
    expect(within(joaoRow).getByText('Por verificar')).toBeTruthy();
    expect(within(table).getAllByText('05/03/2025')).toHaveLength(3);
    expect(within(table).getByRole('link', { name: 'Editar utilizador maria' }).getAttribute('href')).toBe('/admin-dashboard/edit-user/2');
    expect(within(table).queryByRole('button', { name: 'Eliminar utilizador ana' })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Eliminar utilizador maria' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Novo utilizador' }).getAttribute('href')).toBe('/admin-dashboard/create-user');
  });

  it('shows the load error with a retry', async () => {
    let fail = true;
    fakeApi(admin, ({ path }) => {
      if (path !== '/user') return undefined;
      return fail ? { status: 500, body: { message: 'x', error: 'x', code: 'INTERNAL' } } : { status: 200, body: [admin] };
    });
    renderAdmin('/admin-dashboard?tab=utilizadores');
    expect(await screen.findByText('Erro ao carregar utilizadores.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });

  it('deletes after confirmation and refreshes the list', async () => {
    let list = [admin, maria];
    const calls = fakeApi(admin, ({ method, path }) => {
      if (method === 'GET' && path === '/user') return { status: 200, body: list };
      if (method === 'DELETE' && path === '/user/2') {
        list = [admin];
        return { status: 200, body: { message: 'Utilizador eliminado.' } };
      }
      return undefined;
    });
    renderAdmin('/admin-dashboard?tab=utilizadores');
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar utilizador maria' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Tem a certeza que deseja eliminar o utilizador maria? Esta ação não pode ser desfeita.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Utilizador eliminado.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'maria@exemplo.pt' })).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('shows the server message when deleting fails and keeps the dialog open', async () => {
    fakeApi(admin, ({ method, path }) => {
      if (method === 'GET' && path === '/user') return { status: 200, body: [admin, maria] };
      if (method === 'DELETE') return { status: 400, body: { message: 'Recusado.', error: 'Recusado.', code: 'INVALID' } };
      return undefined;
    });
    renderAdmin('/admin-dashboard?tab=utilizadores');
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar utilizador maria' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await within(dialog).findByText('Recusado.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('filters by username or email, ignoring case and accents', () => {
    expect(filterUsers([maria, joao], 'JOAO').map((u) => u.id)).toEqual([3]);
    expect(filterUsers([maria, joao], 'maria@').map((u) => u.id)).toEqual([2]);
    expect(filterUsers([maria, joao], '  ')).toHaveLength(2);
  });
});

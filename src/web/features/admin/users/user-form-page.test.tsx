// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { admin, fakeApi, renderAdmin, userFactory } from '../admin-test-utils.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const maria = userFactory();
const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

describe('user form', () => {
  it('creates a user and goes back to the users tab', async () => {
    const calls = fakeApi(admin, ({ method, path, body }) =>
      method === 'POST' && path === '/user' ? { status: 201, body: userFactory({ id: 9, ...(body as object) }) }
      : method === 'GET' && path === '/user' ? { status: 200, body: [admin] }
      : undefined,
    );
    const { router } = renderAdmin('/admin-dashboard/create-user');
    expect(await screen.findByRole('heading', { level: 1, name: 'Novo utilizador' })).toBeTruthy();
    type('Nome de utilizador', 'rui');
    type('Email', ' Rui@Exemplo.PT ');
    type('Palavra-passe', 'segredo1');
    fireEvent.click(screen.getByLabelText('Verificado'));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-dashboard'));
    expect(router.state.location.search).toBe('?tab=utilizadores');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      username: 'rui',
      email: 'rui@exemplo.pt',
      password: 'segredo1',
      isAdmin: false,
      isBanned: false,
      isVerified: true,
    });
    // The tab says it was saved (issue #12).
    expect(await screen.findByText('Utilizador criado.')).toBeTruthy();
  });

  it('requires the password on create and marks the invalid fields', async () => {
    const calls = fakeApi(admin);
    renderAdmin('/admin-dashboard/create-user');
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('A palavra-passe deve ter pelo menos 6 caracteres.')).toBeTruthy();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe('user-email-error');
    expect(document.getElementById('user-email-error')?.textContent).toBe('Por favor insira um email válido.');
    expect(calls).toHaveLength(0);
  });

  it('puts a 409 on the email field and shows the server message', async () => {
    fakeApi(admin, ({ method, path }) =>
      method === 'PUT' && path === '/user/2' ?
        {
          status: 409,
          body: { message: 'Já existe uma conta com este email.', error: 'Já existe uma conta com este email.', code: 'CONFLICT', fields: { email: 'Já existe uma conta com este email.' } },
        }
      : method === 'GET' && path === '/user/2' ? { status: 200, body: maria }
      : undefined,
    );
    renderAdmin('/admin-dashboard/edit-user/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Editar utilizador' })).toBeTruthy();
    expect(((await screen.findByLabelText('Nome de utilizador')) as HTMLInputElement).value).toBe('maria');
    expect(screen.getByText('Deixe em branco para manter a palavra-passe atual.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getAllByText('Já existe uma conta com este email.')).toHaveLength(2);
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps an admin editing themselves an unbanned admin', async () => {
    const calls = fakeApi(admin, ({ method, path, body }) =>
      method === 'GET' && path === '/user/1' ? { status: 200, body: admin }
      : method === 'PUT' && path === '/user/1' ? { status: 200, body: { ...admin, ...(body as object) } }
      : method === 'GET' && path === '/user' ? { status: 200, body: [admin] }
      : undefined,
    );
    const { router } = renderAdmin('/admin-dashboard/edit-user/1');
    const adminBox = (await screen.findByLabelText('Administrador')) as HTMLInputElement;
    expect(adminBox.disabled).toBe(true);
    expect((screen.getByLabelText('Bloqueado') as HTMLInputElement).disabled).toBe(true);
    expect(adminBox.getAttribute('aria-describedby')).toBe('user-self-help');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=utilizadores'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ isAdmin: true, isBanned: false, password: '' });
  });

  it('says when the user does not exist', async () => {
    fakeApi(admin, ({ path }) =>
      path === '/user/77' ? { status: 404, body: { message: 'Utilizador não encontrado.', error: 'Utilizador não encontrado.', code: 'NOT_FOUND' } } : undefined,
    );
    renderAdmin('/admin-dashboard/edit-user/77');
    expect(await screen.findByText('Utilizador não encontrado.')).toBeTruthy();
    cleanup();
    renderAdmin('/admin-dashboard/edit-user/abc');
    expect(await screen.findByText('Utilizador não encontrado.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar à lista de utilizadores' }).getAttribute('href')).toBe('/admin-dashboard?tab=utilizadores');
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serviceMessages } from '#shared/schemas/services.ts';
import { serviceFactory } from '../../services/services-test-utils.tsx';
import { admin, fakeApi } from '../admin-test-utils.tsx';
import { renderServiceRoutes } from './service-test-utils.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rows = [serviceFactory({ id: 1, name: 'Sessão online', order: 1 }), serviceFactory({ id: 2, name: 'Mudanças', order: 2, image: null })];

describe('services tab', () => {
  it('sits between Produtos and Encomendas and lists image, name, order and calendar link with edit and create entry points', async () => {
    fakeApi(admin, ({ path }) => (path === '/service' ? { status: 200, body: rows } : undefined));
    renderServiceRoutes('/admin-dashboard?tab=servicos');
    const tabs = (await screen.findAllByRole('tab')).map((t) => t.textContent);
    expect(tabs.slice(tabs.indexOf('Produtos'), tabs.indexOf('Produtos') + 3)).toEqual(['Produtos', 'Serviços', 'Encomendas']);
    const table = await screen.findByRole('region', { name: 'Lista de serviços' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByRole('rowheader').textContent).toBe('Sessão online');
    expect(within(first!).getByText('1')).toBeTruthy();
    expect(within(first!).getByRole('link', { name: /calendly\.com/ }).getAttribute('target')).toBe('_blank');
    expect(within(first!).getByRole('link', { name: 'Editar serviço Sessão online' }).getAttribute('href')).toBe('/admin-dashboard/edit-service/1');
    expect(within(second!).getByText('Sem imagem')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Novo serviço' }).getAttribute('href')).toBe('/admin-dashboard/create-service');
  });

  it('deletes after confirmation; a failed delete says so in the dialog', async () => {
    let remaining = rows;
    let fail = true;
    fakeApi(admin, ({ method, path }) => {
      if (method === 'GET' && path === '/service') return { status: 200, body: remaining };
      if (method === 'DELETE' && path === '/service/2') {
        if (fail) return { status: 500, body: { error: 'x', message: 'x', code: 'INTERNAL' } };
        remaining = rows.slice(0, 1);
        return { status: 200, body: { message: serviceMessages.deleted } };
      }
      return undefined;
    });
    renderServiceRoutes('/admin-dashboard?tab=servicos');
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar serviço Mudanças' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(serviceMessages.confirmDelete, { exact: false })).toBeTruthy();
    expect(within(dialog).getByText('Mudanças')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await within(dialog).findByText(serviceMessages.adminDeleteError)).toBeTruthy();

    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(serviceMessages.deleted)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Mudanças' })).toBeNull());
  });

  it("shows 'Erro ao carregar serviços.' when the list cannot load", async () => {
    fakeApi(admin, ({ path }) => (path === '/service' ? { status: 500, body: { error: 'x', message: 'x', code: 'INTERNAL' } } : undefined));
    renderServiceRoutes('/admin-dashboard?tab=servicos');
    expect(await screen.findByText(serviceMessages.adminListError)).toBeTruthy();
  });
});

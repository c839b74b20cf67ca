// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaMessages } from '#shared/schemas/catalog.ts';
import { serviceMessages } from '#shared/schemas/services.ts';
import { serviceFactory } from '../../services/services-test-utils.tsx';
import { admin, fakeApi, userFactory } from '../admin-test-utils.tsx';
import { formsOf, textFields } from '../products/product-test-utils.tsx';
import { renderServiceRoutes } from './service-test-utils.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
const png = (name: string) => new File([new Uint8Array(10)], name, { type: 'image/png' });
const listAnswer = { status: 200, body: [] };
const existing = serviceFactory({ id: 4, name: 'Sessão online', order: 3, price: 45 });

describe('service form', () => {
  it('sends customers to the home page', async () => {
    fakeApi(userFactory());
    renderServiceRoutes('/admin-dashboard/create-service');
    expect(await screen.findByText('Página inicial')).toBeTruthy();
  });

  it('shows no message before a submit; after a failed one, every missing field says what it needs and nothing is sent', async () => {
    const requests = fakeApi(admin, () => listAnswer);
    renderServiceRoutes('/admin-dashboard/create-service');
    expect(await screen.findByRole('heading', { level: 1, name: 'Novo serviço' })).toBeTruthy();
    expect((screen.getByLabelText('Ordem') as HTMLInputElement).value).toBe('0');
    type('Nome', 'Sessão');
    type('Nome', '');
    expect(screen.queryByText(serviceMessages.nameRequired)).toBeNull();

    type('Ordem', '');
    type('Link do calendário', 'ftp://calendario.pt');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(serviceMessages.nameRequired)).toBeTruthy();
    expect(screen.getByText(serviceMessages.descriptionRequired)).toBeTruthy();
    expect(screen.getByText(serviceMessages.orderRequired)).toBeTruthy();
    expect(screen.getByText(serviceMessages.scheduleLinkInvalid)).toBeTruthy();
    expect(screen.getByLabelText('Nome').getAttribute('aria-invalid')).toBe('true');
    type('Link do calendário', '');
    expect(await screen.findByText(serviceMessages.scheduleLinkRequired)).toBeTruthy();
    expect(formsOf(requests)).toHaveLength(0);
  });

  it('creates a service with an image as multipart and goes back to the services tab', async () => {
    const requests = fakeApi(admin, ({ method, path }) =>
      method === 'POST' && path === '/service' ? { status: 201, body: serviceFactory({ id: 9 }) }
      : path === '/service' ? listAnswer
      : undefined,
    );
    const { router } = renderServiceRoutes('/admin-dashboard/create-service');
    await screen.findByRole('heading', { level: 1, name: 'Novo serviço' });
    type('Nome', '  Consultoria em casa ');
    type('Descrição', 'Quatro horas em sua casa.');
    type('Descrição curta', 'Uma manhã.');
    type('Ordem', '2');
    type('Link do calendário', 'https://calendly.com/loja/casa');
    fireEvent.change(screen.getByLabelText('Escolher imagem'), { target: { files: [png('casa.png')] } });
    expect(screen.getByRole('button', { name: 'Remover imagem' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-dashboard'));
    expect(router.state.location.search).toBe('?tab=servicos');
    const [sent] = formsOf(requests);
    expect(sent?.method).toBe('POST');
    expect(textFields(sent!.form)).toEqual({
      name: 'Consultoria em casa',
      description: 'Quatro horas em sua casa.',
      short_description: 'Uma manhã.',
      order: '2',
      schedule_link: 'https://calendly.com/loja/casa',
      price: '',
    });
    expect((sent!.form.get('image') as File).name).toBe('casa.png');
    expect(await screen.findByText('Serviço criado.')).toBeTruthy();
  });

  it('refuses a file that is not an image before sending it', async () => {
    fakeApi(admin, () => listAnswer);
    renderServiceRoutes('/admin-dashboard/create-service');
    await screen.findByRole('heading', { level: 1, name: 'Novo serviço' });
    fireEvent.change(screen.getByLabelText('Escolher imagem'), { target: { files: [new File(['x'], 'notas.txt', { type: 'text/plain' })] } });
    expect(screen.getByText(/notas\.txt: Escolha um ficheiro de imagem/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Escolher imagem'), { target: { files: [new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' })] } });
    expect(screen.getByText(`a.svg: ${mediaMessages.svgNotAllowed}`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remover imagem' })).toBeNull();
    expect((screen.getByLabelText('Escolher imagem') as HTMLInputElement).accept).toBe('image/*');
  });

  it('edits a service: fields filled in, the removed image sent as removeImage, server field messages under their inputs', async () => {
    let answer: { status: number; body: unknown } = { status: 400, body: { error: serviceMessages.nameRequired, message: 'x', code: 'INVALID', fields: { name: 'Já existe um serviço com este nome.' } } };
    const requests = fakeApi(admin, ({ method, path }) =>
      method === 'GET' && path === '/service/4' ? { status: 200, body: existing }
      : method === 'PUT' && path === '/service/4' ? answer
      : path === '/service' ? listAnswer
      : undefined,
    );
    const { router } = renderServiceRoutes('/admin-dashboard/edit-service/4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Editar serviço' })).toBeTruthy();
    expect(((await screen.findByLabelText('Nome')) as HTMLInputElement).value).toBe('Sessão online');
    expect((screen.getByLabelText('Ordem') as HTMLInputElement).value).toBe('3');
    expect((screen.getByLabelText('Preço indicativo (€)') as HTMLInputElement).value).toBe('45,00');
    const preview = screen.getByRole('img', { name: 'Imagem atual de Sessão online' });
    expect(preview.getAttribute('src')).toBe(existing.image?.src);
    expect((preview as HTMLImageElement).style.maxHeight).toBe('200px');

    fireEvent.click(screen.getByRole('button', { name: 'Remover imagem' }));
    expect(screen.queryByRole('img', { name: /Imagem atual/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Já existe um serviço com este nome.')).toBeTruthy();
    expect(screen.getByText(serviceMessages.saveError)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin-dashboard/edit-service/4');

    answer = { status: 200, body: { ...existing, image: null } };
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=servicos'));
    const puts = formsOf(requests).filter((r) => r.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(textFields(puts[1]!.form)).toMatchObject({ name: 'Sessão online', order: '3', price: '45.00', removeImage: 'true' });
    expect(puts[1]!.form.get('image')).toBeNull();
  });

  it("deletes after the spec's confirmation and goes back to the dashboard; a failed delete says 'Erro ao excluir o serviço'", async () => {
    let deleteStatus = 500;
    fakeApi(admin, ({ method, path }) =>
      method === 'GET' && path === '/service/4' ? { status: 200, body: existing }
      : method === 'DELETE' && path === '/service/4' ? { status: deleteStatus, body: deleteStatus === 200 ? { message: 'Serviço eliminado.' } : { error: 'x', message: 'x', code: 'INTERNAL' } }
      : path === '/service' ? listAnswer
      : undefined,
    );
    const { router } = renderServiceRoutes('/admin-dashboard/edit-service/4');
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(serviceMessages.confirmDelete, { exact: false })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await within(dialog).findByText(serviceMessages.deleteError)).toBeTruthy();

    deleteStatus = 200;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=servicos'));
    expect(router.state.location.pathname).toBe('/admin-dashboard');
  });

  it("says 'Serviço não encontrado' for an unknown service and the load error otherwise", async () => {
    let status = 404;
    fakeApi(admin, ({ path }) => (path === '/service/4' ? { status, body: { error: 'x', message: 'x', code: 'X' } } : undefined));
    renderServiceRoutes('/admin-dashboard/edit-service/4');
    expect(await screen.findByText(serviceMessages.notFound)).toBeTruthy();
    cleanup();
    status = 500;
    renderServiceRoutes('/admin-dashboard/edit-service/4');
    expect(await screen.findByText(serviceMessages.loadError)).toBeTruthy();
  });
});

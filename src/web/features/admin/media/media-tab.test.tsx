// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MediaImage, mediaMessages } from '#shared/schemas/catalog.ts';
import { messages } from '#shared/messages.ts';
import { ApiError } from '../../../api/client.ts';
import { admin, fakeApi, renderAdmin } from '../admin-test-utils.tsx';
import { formsOf } from '../products/product-test-utils.tsx';
import { uploadErrorMessage } from './media-upload.tsx';
import { mediaFactory } from '../../../test/factories.ts';

/** What an async fake answers for calls it does not handle (the fake's Handler type has no async `undefined`). */
const notFound = { status: 404, body: { message: 'Não encontrado', error: 'Não encontrado', code: 'NOT_FOUND' } };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sobre = mediaFactory();
const logo = mediaFactory({ id: 5, name: 'Logotipo', url: '/api/images/5/0123456789ab/400.webp', width: 400, height: 400, size: 2048 });
const png = (name: string) => new File([new Uint8Array(20)], name, { type: 'image/png' });
const fileInput = () => screen.getByLabelText('Escolher imagem') as HTMLInputElement;
const dropZone = () => screen.getByText('Arraste uma imagem para aqui ou').parentElement as HTMLElement;

describe('media library tab', () => {
  it('lists the images with name, url, dimensions, size and date', async () => {
    fakeApi(admin, ({ path }) => (path === '/image' ? { status: 200, body: [logo, sobre] } : undefined));
    renderAdmin('/admin-dashboard?tab=media');
    expect(await screen.findByRole('heading', { level: 3, name: 'Sobre' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Biblioteca de media' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('2 imagens')).toBeTruthy();
    const card = screen.getByRole('heading', { level: 3, name: 'Sobre' }).closest('li') as HTMLElement;
    expect(within(card).getByText('1600 × 900 px')).toBeTruthy();
    expect(within(card).getByText('1,5 MB')).toBeTruthy();
    expect(within(card).getByText('05/03/2025')).toBeTruthy();
    expect((within(card).getByLabelText('URL de Sobre') as HTMLInputElement).value).toBe(`${window.location.origin}/api/images/4/0123456789ab/1600.webp`);
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/api/images/4/0123456789ab/thumb.webp');
    expect(screen.getByText('2 KB')).toBeTruthy();
  });

  it('copies the absolute url', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { clipboard: { writeText } }));
    fakeApi(admin, ({ path }) => (path === '/image' ? { status: 200, body: [sobre] } : undefined));
    renderAdmin('/admin-dashboard?tab=media');
    fireEvent.click(await screen.findByRole('button', { name: 'Copiar URL de Sobre' }));
    expect(await screen.findByRole('button', { name: 'Copiado URL de Sobre' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/api/images/4/0123456789ab/1600.webp`);
    expect(screen.getByText('URL de Sobre copiado.')).toBeTruthy();
  });

  it('asks for the name before choosing, sending or dropping a file', async () => {
    const calls = fakeApi(admin, ({ path }) => (path === '/image' ? { status: 200, body: [] } : undefined));
    renderAdmin('/admin-dashboard?tab=media');
    expect(await screen.findByText('Ainda não existem imagens na biblioteca.')).toBeTruthy();
    const name = screen.getByLabelText('Nome da imagem');
    expect(screen.getByText('Sem extensão, por exemplo: Sobre')).toBeTruthy();

    // The file dialog does not open without a name.
    expect(fireEvent.click(fileInput())).toBe(false);
    expect(screen.getByText(mediaMessages.nameRequired)).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);

    fireEvent.input(name, { target: { value: 'x' } });
    expect(screen.queryByText(mediaMessages.nameRequired)).toBeNull();
    fireEvent.input(name, { target: { value: '   ' } });
    fireEvent.change(fileInput(), { target: { files: [png('foto.png')] } });
    expect(screen.getByText(mediaMessages.nameRequired)).toBeTruthy();

    fireEvent.input(name, { target: { value: '' } });
    fireEvent.drop(dropZone(), { dataTransfer: { files: [png('foto.png')] } });
    expect(screen.getByText(mediaMessages.nameRequired)).toBeTruthy();

    fireEvent.input(name, { target: { value: 'Sobre.jpg' } });
    fireEvent.change(fileInput(), { target: { files: [png('foto.png')] } });
    expect(screen.getByText(mediaMessages.nameInvalid)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('uploads the chosen file under the name and refreshes the list', async () => {
    let list: MediaImage[] = [];
    let release: () => void = () => {};
    const requests = fakeApi(admin, async ({ method, path }) => {
      if (method === 'GET' && path === '/image') return { status: 200, body: list };
      if (method === 'PUT' && path === '/image/Quadro%20branco') {
        await new Promise<void>((resolve) => (release = resolve));
        list = [mediaFactory({ id: 9, name: 'Quadro branco' })];
        return { status: 200, body: list[0] };
      }
      return notFound;
    });
    renderAdmin('/admin-dashboard?tab=media');
    await screen.findByText('Ainda não existem imagens na biblioteca.');
    fireEvent.input(screen.getByLabelText('Nome da imagem'), { target: { value: ' Quadro branco ' } });
    expect(fireEvent.click(fileInput())).toBe(true);
    fireEvent.change(fileInput(), { target: { files: [png('quadro.png')] } });
    expect(await screen.findByText('A carregar a imagem...')).toBeTruthy();
    expect(fileInput().disabled).toBe(true);
    release();
    expect(await screen.findByText('Imagem «Quadro branco» carregada.')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 3, name: 'Quadro branco' })).toBeTruthy();
    expect((screen.getByLabelText('Nome da imagem') as HTMLInputElement).value).toBe('');
    const [sent] = formsOf(requests);
    expect(sent?.method).toBe('PUT');
    expect(sent?.form.get('name')).toBe('Quadro branco');
    expect((sent?.form.get('image') as File).name).toBe('quadro.png');
  });

  it('sends only the first dropped file and warns before replacing a name in use', async () => {
    const requests = fakeApi(admin, ({ method, path }) =>
      method === 'GET' && path === '/image' ? { status: 200, body: [sobre] }
      : method === 'PUT' ? { status: 200, body: sobre }
      : undefined,
    );
    renderAdmin('/admin-dashboard?tab=media');
    await screen.findByRole('heading', { level: 3, name: 'Sobre' });
    fireEvent.input(screen.getByLabelText('Nome da imagem'), { target: { value: 'sobre' } });
    expect(screen.getByText('Já existe uma imagem com este nome: será substituída.')).toBeTruthy();
    fireEvent.drop(dropZone(), { dataTransfer: { files: [png('um.png'), png('dois.png')] } });
    expect(await screen.findByText('Imagem «Sobre» carregada.')).toBeTruthy();
    const forms = formsOf(requests);
    expect(forms).toHaveLength(1);
    expect(forms[0]?.path).toBe('/image/sobre');
    expect(forms[0]?.form.getAll('image').map((f) => (f as File).name)).toEqual(['um.png']);
  });

  it('refuses files that are not images and shows the upload errors', async () => {
    let answer = { status: 400, body: { message: mediaMessages.svgActive, error: mediaMessages.svgActive, code: 'INVALID', fields: { image: mediaMessages.svgActive } } } as {
      status: number;
      body: unknown;
    };
    const calls = fakeApi(admin, ({ method, path }) =>
      method === 'GET' && path === '/image' ? { status: 200, body: [] }
      : method === 'PUT' ? answer
      : undefined,
    );
    renderAdmin('/admin-dashboard?tab=media');
    await screen.findByText('Ainda não existem imagens na biblioteca.');
    fireEvent.input(screen.getByLabelText('Nome da imagem'), { target: { value: 'Logo' } });
    fireEvent.change(fileInput(), { target: { files: [new File(['a'], 'notas.txt', { type: 'text/plain' })] } });
    expect(screen.getByText(mediaMessages.notAnImage)).toBeTruthy();
    fireEvent.drop(dropZone(), { dataTransfer: { files: [] } });
    expect(screen.getByText('Imagens não carregadas. Por favor tente novamente.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.change(fileInput(), { target: { files: [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })] } });
    expect(await screen.findByText(mediaMessages.svgActive)).toBeTruthy();
    answer = { status: 500, body: 'falhou' };
    fireEvent.change(fileInput(), { target: { files: [png('logo.png')] } });
    expect(await screen.findByText('Imagens não carregadas. Por favor tente novamente.')).toBeTruthy();
  });

  it('chooses the upload error text', () => {
    expect(uploadErrorMessage(new Error('x'))).toBe('Erro ao carregar imagens. Por favor tente novamente.');
    expect(uploadErrorMessage(new ApiError(messages.connection, 0))).toBe('Erro ao carregar imagens. Por favor tente novamente.');
    expect(uploadErrorMessage(new ApiError(messages.unexpected, 500))).toBe('Imagens não carregadas. Por favor tente novamente.');
    expect(uploadErrorMessage(new ApiError(mediaMessages.tooLarge, 400))).toBe(mediaMessages.tooLarge);
  });

  it('shows the load error with a retry', async () => {
    let fail = true;
    fakeApi(admin, ({ path }) => {
      if (path !== '/image') return undefined;
      return fail ? { status: 500, body: { message: 'x', error: 'x', code: 'INTERNAL' } } : { status: 200, body: [sobre] };
    });
    renderAdmin('/admin-dashboard?tab=media');
    expect(await screen.findByText('Erro ao carregar imagens.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Sobre' })).toBeTruthy();
  });

  it('deletes an image after confirmation; a failure keeps the dialog open', async () => {
    let list = [logo, sobre];
    let fail = true;
    fakeApi(admin, ({ method, path }) => {
      if (method === 'GET' && path === '/image') return { status: 200, body: list };
      if (method === 'DELETE' && path === '/image/5') {
        if (fail) return { status: 500, body: 'falhou' };
        list = [sobre];
        return { status: 200, body: { message: 'Imagem eliminada.' } };
      }
      return undefined;
    });
    renderAdmin('/admin-dashboard?tab=media');
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar imagem Logotipo' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Tem a certeza que deseja eliminar a imagem Logotipo?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await within(dialog).findByText('Erro ao eliminar imagem.')).toBeTruthy();
    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Imagem eliminada.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'Logotipo' })).toBeNull());
  });

  it('shows only the newest message: an old upload error goes when a deletion succeeds, and the other way round (issue #12)', async () => {
    let list = [logo, sobre];
    fakeApi(admin, ({ method, path }) => {
      if (method === 'GET' && path === '/image') return { status: 200, body: list };
      if (method === 'PUT') return { status: 500, body: 'falhou' };
      if (method === 'DELETE' && path === '/image/5') {
        list = [sobre];
        return { status: 200, body: { message: 'Imagem eliminada.' } };
      }
      return undefined;
    });
    renderAdmin('/admin-dashboard?tab=media');
    await screen.findByRole('button', { name: 'Eliminar imagem Logotipo' });
    fireEvent.input(screen.getByLabelText('Nome da imagem'), { target: { value: 'Nova' } });
    fireEvent.change(fileInput(), { target: { files: [png('nova.png')] } });
    expect(await screen.findByText('Imagens não carregadas. Por favor tente novamente.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar imagem Logotipo' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Imagem eliminada.')).toBeTruthy();
    expect(screen.queryByText('Imagens não carregadas. Por favor tente novamente.')).toBeNull();

    fireEvent.change(fileInput(), { target: { files: [png('nova.png')] } });
    expect(await screen.findByText('Imagens não carregadas. Por favor tente novamente.')).toBeTruthy();
    expect(screen.queryByText('Imagem eliminada.')).toBeNull();
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, image, productFactory, renderCatalog } from './catalog-test-utils.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const caixa = productFactory({ id: 5, name: 'Caixa', images: [image(1), image(2), image(3)] });
const serve = () => fakeApi(null, ({ path }) => (path === '/product/5' ? { status: 200, body: caixa } : undefined));

async function openLightbox(name = 'Ampliar imagem 1 de 3') {
  serve();
  renderCatalog('/produtos/5');
  await screen.findByRole('heading', { level: 1, name: 'Caixa' });
  const opener = screen.getByRole('button', { name });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: await screen.findByRole('dialog') };
}

describe('product lightbox', () => {
  it('opens full screen on the picture that was activated, named by it', async () => {
    const { dialog } = await openLightbox();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByRole('heading', { name: 'Caixa: imagem 1 de 3' })).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: 'Caixa - imagem 1 de 3' }).getAttribute('srcset')).toContain('1024w');
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('goes to the previous and next picture by its buttons and the arrow keys, round the ends', async () => {
    const { dialog } = await openLightbox();
    const heading = () => within(dialog).getByRole('heading').textContent;
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(heading()).toBe('Caixa: imagem 2 de 3');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Imagem seguinte' }));
    expect(heading()).toBe('Caixa: imagem 3 de 3');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(heading()).toBe('Caixa: imagem 1 de 3');
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(heading()).toBe('Caixa: imagem 3 de 3');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Imagem anterior' }));
    expect(heading()).toBe('Caixa: imagem 2 de 3');
  });

  it('zooms to 2× and back by its button and by a click on the picture; moving on zooms out', async () => {
    const { dialog } = await openLightbox();
    const picture = () => within(dialog).getByRole('img');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ampliar' }));
    expect(within(dialog).getByRole('button', { name: 'Reduzir' })).toBeTruthy();
    // Zoomed, the picture can be scrolled through, by the keyboard too.
    expect(within(dialog).getByRole('group', { name: /Imagem ampliada/ }).tabIndex).toBe(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reduzir' }));
    expect(within(dialog).queryByRole('group')).toBeNull();

    fireEvent.pointerDown(picture(), { button: 0, clientX: 10, clientY: 10 });
    fireEvent.pointerUp(picture(), { button: 0, clientX: 10, clientY: 10 });
    expect(within(dialog).getByRole('button', { name: 'Reduzir' })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(within(dialog).getByRole('button', { name: 'Ampliar' })).toBeTruthy();
  });

  it('a drag on the picture pans it and does not zoom', async () => {
    const { dialog } = await openLightbox();
    const picture = within(dialog).getByRole('img');
    fireEvent.pointerDown(picture, { button: 0, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(picture, { clientX: 60, clientY: 40 });
    fireEvent.pointerUp(picture, { button: 0, clientX: 60, clientY: 40 });
    expect(within(dialog).getByRole('button', { name: 'Ampliar' })).toBeTruthy();
  });

  it('keeps Tab inside: from the last control to the first, and Shift+Tab back', async () => {
    const { dialog } = await openLightbox();
    const next = within(dialog).getByRole('button', { name: 'Imagem seguinte' });
    const zoom = within(dialog).getByRole('button', { name: 'Ampliar' });
    next.focus();
    fireEvent.keyDown(next, { key: 'Tab' });
    expect(document.activeElement).toBe(zoom);
    fireEvent.keyDown(zoom, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(next);
  });

  it('closes on Escape and on its close button, and gives focus back to the picture it was left on', async () => {
    const { dialog, opener } = await openLightbox();
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));

    fireEvent.click(opener);
    const again = await screen.findByRole('dialog');
    fireEvent.keyDown(again, { key: 'ArrowRight' });
    fireEvent.click(within(again).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The carousel follows: the second picture is shown and has the focus.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ampliar imagem 2 de 3' })));
    const thumbs = within(screen.getByRole('list', { name: 'Miniaturas' }));
    expect(thumbs.getByRole('button', { name: 'Mostrar imagem 2 de 3' }).getAttribute('aria-current')).toBe('true');
  });
});

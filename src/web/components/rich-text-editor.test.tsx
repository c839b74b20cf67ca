// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RichTextEditor } from './rich-text-editor.tsx';
import { isAllowedLink, linkMessage } from './rich-text-link-form.tsx';

// jsdom does no layout; ProseMirror measures the selection to scroll it into view.
beforeAll(() => {
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  const noRect = () => new DOMRect(0, 0, 0, 0);
  Element.prototype.getClientRects ??= noRects;
  Range.prototype.getClientRects = noRects;
  Range.prototype.getBoundingClientRect = noRect;
  document.elementFromPoint ??= () => null;
});

afterEach(cleanup);

function Harness({ initial = '', onChange = () => {}, disabled = false }: { initial?: string; onChange?: (html: string) => void; disabled?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextEditor
        id="body"
        label="Conteúdo"
        value={value}
        disabled={disabled}
        invalid
        describedBy="body-error"
        onChange={(html) => {
          setValue(html);
          onChange(html);
        }}
      />
      <p id="body-error">Obrigatório</p>
      <button type="button" onClick={() => setValue('<p>Reposto</p>')}>Repor</button>
    </>
  );
}

describe('rich-text editor', () => {
  it('is a textbox labelled by its label, described by the error, with a toolbar of real buttons', () => {
    render(<Harness initial="<p>Olá</p>" />);
    const box = screen.getByRole('textbox', { name: 'Conteúdo' });
    expect(box.getAttribute('id')).toBe('body');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe('body-error');
    expect(box.textContent).toBe('Olá');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatação: Conteúdo' });
    for (const name of ['Negrito', 'Itálico', 'Título 2', 'Título 3', 'Lista com marcas', 'Lista numerada', 'Ligação']) {
      const button = screen.getByRole('button', { name });
      expect(toolbar.contains(button)).toBe(true);
      expect(button.getAttribute('aria-pressed')).toBe('false');
    }
    expect((screen.getByRole('button', { name: 'Anular' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('formats the text and reports the HTML; undo becomes possible', async () => {
    const onChange = vi.fn();
    render(<Harness initial="<p>Olá</p>" onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Título 2' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Título 2' }).getAttribute('aria-pressed')).toBe('true'));
    expect(onChange).toHaveBeenLastCalledWith('<h2>Olá</h2>');
    expect((screen.getByRole('button', { name: 'Anular' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Lista com marcas' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<ul><li><p>Olá</p></li></ul>'));
    // Changes made in quick succession are one step of history.
    fireEvent.click(screen.getByRole('button', { name: 'Anular' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p>Olá</p>'));
    fireEvent.click(screen.getByRole('button', { name: 'Refazer' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<ul><li><p>Olá</p></li></ul>'));
  });

  it('moves between toolbar buttons with the arrow keys, one tab stop', () => {
    render(<Harness initial="<p>Olá</p>" />);
    const bold = screen.getByRole('button', { name: 'Negrito' });
    const italic = screen.getByRole('button', { name: 'Itálico' });
    expect(bold.tabIndex).toBe(0);
    expect(italic.tabIndex).toBe(-1);
    bold.focus();
    fireEvent.keyDown(bold, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(italic);
    fireEvent.keyDown(italic, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(bold);
    fireEvent.keyDown(bold, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ligação' }));
  });

  it('asks for a link address and refuses anything but http(s) and mailto', async () => {
    const onChange = vi.fn();
    render(<Harness initial="<p>Olá</p>" onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ligação' }));
    const field = screen.getByLabelText('Endereço da ligação');
    fireEvent.change(field, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(screen.getByText(linkMessage)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.change(field, { target: { value: 'https://exemplo.pt/agenda' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.lastCall?.[0]).toContain('href="https://exemplo.pt/agenda"');
    expect(screen.queryByLabelText('Endereço da ligação')).toBeNull();
  });

  it('takes a value set from outside and can be disabled', async () => {
    const { rerender } = render(<Harness initial="<p>Olá</p>" />);
    fireEvent.click(screen.getByRole('button', { name: 'Repor' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Conteúdo' }).textContent).toBe('Reposto'));
    rerender(<Harness initial="<p>Olá</p>" disabled />);
    const box = screen.getByRole('textbox', { name: 'Conteúdo' });
    await waitFor(() => expect(box.getAttribute('contenteditable')).toBe('false'));
    expect((screen.getByRole('button', { name: 'Negrito' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('knows which link addresses are allowed', () => {
    expect(isAllowedLink('https://exemplo.pt')).toBe(true);
    expect(isAllowedLink('http://exemplo.pt/a?b=c')).toBe(true);
    expect(isAllowedLink('mailto:ola@exemplo.pt')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', 'ftp://x.pt', 'exemplo.pt', '//exemplo.pt', 'https://']) {
      expect(isAllowedLink(bad)).toBe(false);
    }
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { importMessages, type ProductImportResult } from '#shared/schemas/exports.ts';
import { admin, fakeApi, renderAdmin } from '../admin-test-utils.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const result = (overrides: Partial<ProductImportResult>): ProductImportResult => ({
  dryRun: true,
  imported: false,
  lines: 2,
  creates: 2,
  updates: 0,
  skipped: 0,
  problems: [],
  message: 'Tudo certo: 2 a criar e 0 a atualizar. Nada foi alterado ainda.',
  ...overrides,
});

const file = new File(['ID;Nome;Descrição;Tipo;Variante;SKU;Preço com IVA;Stock\n;Caixa;Caixa.;Físico;;;2,00;1\n'], 'produtos.csv', { type: 'text/csv' });

describe('product import', () => {
  it('checks the file first, then imports it after a confirmation', async () => {
    const calls = fakeApi(admin, ({ method, path, body }) => {
      if (path === '/product' && method === 'GET') return { status: 200, body: { rows: [], count: 0 } };
      if (path !== '/product/import') return undefined;
      const dryRun = (body as { dryRun: boolean }).dryRun;
      return { status: 200, body: dryRun ? result({}) : result({ dryRun: false, imported: true, message: 'Importação concluída: 2 criados e 0 atualizados.' }) };
    });
    renderAdmin('/admin-dashboard?tab=produtos');
    fireEvent.click(await screen.findByText('Importar produtos de um ficheiro CSV'));
    fireEvent.change(screen.getByLabelText('Ficheiro CSV'), { target: { files: [file] } });
    const check = screen.getByRole('button', { name: 'Verificar' });
    await waitFor(() => expect((check as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(check);
    expect(await screen.findByText('Tudo certo: 2 a criar e 0 a atualizar. Nada foi alterado ainda.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Importar' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Vai criar 2 e atualizar 0 produtos a partir de «produtos.csv».');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Importar' }));
    expect(await screen.findByText('Importação concluída: 2 criados e 0 atualizados.')).toBeTruthy();
    const sent = calls.filter((c) => c.path === '/product/import').map((c) => c.body as { csv: string; dryRun: boolean });
    expect(sent.map((b) => b.dryRun)).toEqual([true, false]);
    expect(sent[0]?.csv).toContain(';Caixa;Caixa.;Físico;');
  });

  it("lists each line's problems and offers no import", async () => {
    fakeApi(admin, ({ method, path }) => {
      if (path === '/product' && method === 'GET') return { status: 200, body: { rows: [], count: 0 } };
      if (path === '/product/import') return { status: 200, body: result({ creates: 1, problems: [{ line: 3, message: 'Por favor insira a descrição do produto.' }], message: importMessages.problems }) };
      return undefined;
    });
    renderAdmin('/admin-dashboard?tab=produtos');
    fireEvent.click(await screen.findByText('Importar produtos de um ficheiro CSV'));
    fireEvent.change(screen.getByLabelText('Ficheiro CSV'), { target: { files: [file] } });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Verificar' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(importMessages.problems);
    expect(alert.textContent).toContain('Linha 3: Por favor insira a descrição do produto.');
    expect(screen.queryByRole('button', { name: 'Importar' })).toBeNull();
  });
});

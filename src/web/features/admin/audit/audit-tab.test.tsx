// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry, AuditPage } from '#shared/schemas/audit.ts';
import { admin, fakeApi, renderAdmin } from '../admin-test-utils.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const priceChange: AuditEntry = {
  id: 2,
  at: '2026-11-25T10:30:00.000Z',
  actor: { id: 1, email: 'dona@loja.pt' },
  ip: '192.0.2.10',
  entity: 'product',
  entityId: '7',
  action: 'update',
  before: { priceCents: 2000, stock: 10 },
  after: { priceCents: 2450, stock: 7 },
};
const ban: AuditEntry = { ...priceChange, id: 1, entity: 'user', entityId: '3', before: { isBanned: false }, after: { isBanned: true } };
const shipped: AuditEntry = { ...priceChange, id: 3, entity: 'order', entityId: '12', action: 'status', before: { status: 'processing' }, after: { status: 'shipped' } };
const page = (rows: AuditEntry[], count = rows.length): AuditPage => ({ rows, count, page: 1, pageSize: 25, actors: [{ id: 1, email: 'dona@loja.pt' }] });

describe('Registo', () => {
  it('lists each change with when, who from where, what, and the values before and after', async () => {
    fakeApi(admin, ({ path }) => (path === '/audit' ? { status: 200, body: page([priceChange, ban, shipped]) } : undefined));
    renderAdmin('/admin-dashboard?tab=registo');
    const table = await screen.findByRole('table', { name: 'Alterações feitas no painel, da mais recente para a mais antiga' });
    const [first, second, third] = within(table).getAllByRole('row').slice(1);
    expect(first?.textContent).toContain('25/11/2026, 10:30');
    expect(first?.textContent).toContain('dona@loja.pt192.0.2.10');
    expect(first?.textContent).toContain('Alterou · Produto 7');
    const words = (row: Element | undefined) => row?.textContent?.replace(/\s+/g, ' ');
    expect(words(first)).toContain('Preço: 20,00 € passou a 24,50 €');
    expect(words(first)).toContain('Stock: 10 passou a 7');
    expect(words(second)).toContain('Bloqueado: Não passou a Sim');
    expect(third?.textContent).toContain('Mudou o estado · Encomenda 12');
    expect(words(third)).toContain('Estado: Em Processamento passou a Enviada');
    expect(screen.getByRole('status').textContent).toBe('3 alterações');
  });

  it('filters by type and admin through the address, and says when nothing matches', async () => {
    const calls = fakeApi(admin, ({ path, query }) => (path === '/audit' ? { status: 200, body: page(query.get('entity') === 'order' ? [] : [priceChange]) } : undefined));
    const { router } = renderAdmin('/admin-dashboard?tab=registo');
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'order' } });
    expect(await screen.findByText('Nenhuma alteração registada com estes filtros.')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=registo&entidade=order');
    fireEvent.change(screen.getByLabelText('Quem'), { target: { value: '1' } });
    await waitFor(() => expect(calls.at(-1)?.query.toString()).toBe('entity=order&actor=1&page=1'));
  });
});

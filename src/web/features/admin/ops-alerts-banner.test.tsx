// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { opsAlertText } from '#shared/schemas/ops.ts';
import { admin, fakeApi, renderAdmin } from './admin-test-utils.tsx';
import { overviewFactory } from '../../test/factories.ts';

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the operations banner on the dashboard (issue #31)', () => {
  it('says what is wrong and since when', async () => {
    const alerts = [
      { kind: 'queue_stuck', title: opsAlertText.queue_stuck.title, text: opsAlertText.queue_stuck.text(11 * 60_000), since: '2026-11-26T09:00:00.000Z' },
    ];
    fakeApi(admin, ({ path }) =>
      path === '/ops/alerts' ? { status: 200, body: { alerts } } : path === '/overview' ? { status: 200, body: overviewFactory() } : undefined,
    );
    renderAdmin('/admin-dashboard');
    expect(await screen.findByText('Um problema na loja precisa de atenção')).toBeTruthy();
    expect(screen.getByText('A fila de tarefas está parada')).toBeTruthy();
    expect(screen.getByText('A fila de tarefas está parada').closest('li')?.textContent).toContain('A tarefa mais antiga espera há 11 minutos');
  });

  it('shows nothing while all is well', async () => {
    fakeApi(admin, ({ path }) => (path === '/ops/alerts' ? { status: 200, body: { alerts: [] } } : path === '/overview' ? { status: 200, body: overviewFactory() } : undefined));
    renderAdmin('/admin-dashboard');
    expect(await screen.findByText('Recebido hoje')).toBeTruthy();
    expect(screen.queryByText(/precisa(m)? de atenção/)).toBeNull();
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { lisbonToday } from '#shared/dates.ts';
import { exportMessages } from '#shared/schemas/exports.ts';
import { OrderExport, ProductExport } from './exports.tsx';

afterEach(cleanup);

describe('exports for the accountant', () => {
  it('offers this month so far by default and downloads the orders of the days chosen', () => {
    render(<OrderExport />);
    const today = lisbonToday();
    const from = screen.getByLabelText('Desde') as HTMLInputElement;
    const to = screen.getByLabelText('Até') as HTMLInputElement;
    expect(from.value).toBe(`${today.slice(0, 8)}01`);
    expect(to.value).toBe(today);
    fireEvent.change(from, { target: { value: '2026-01-01' } });
    fireEvent.change(to, { target: { value: '2026-03-31' } });
    const link = screen.getByRole('link', { name: 'Exportar CSV' });
    expect(link.getAttribute('href')).toBe('/api/order/export.csv?from=2026-01-01&to=2026-03-31');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('says what is wrong with the days and offers no download until it is right', () => {
    render(<OrderExport />);
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-04-02' } });
    fireEvent.change(screen.getByLabelText('Até'), { target: { value: '2026-04-01' } });
    expect(screen.getByRole('alert').textContent).toBe(exportMessages.range);
    expect(screen.queryByRole('link', { name: 'Exportar CSV' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Exportar CSV' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByLabelText('Até').getAttribute('aria-invalid')).toBe('true');
  });

  it('downloads every product from the products tab', () => {
    render(<ProductExport />);
    expect(screen.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href')).toBe('/api/product/export.csv');
  });
});

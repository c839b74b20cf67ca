// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminTable } from './admin-table.tsx';

afterEach(cleanup);

describe('AdminTable', () => {
  // issue #25: below 576 px each row is a card, each value after its column's name (admin-dashboard.css).
  it("gives every cell its column's name for the phone's card layout, hidden column names included", () => {
    render(
      <AdminTable label="Lista de teste" caption="Linhas" columns={['N.º', { label: 'Total', className: 'text-end' }, { label: 'Ações', hidden: true }]}>
        <tr>
          <th scope="row">7</th>
          <td>12,50 €</td>
          <td>
            <button type="button">Editar</button>
          </td>
        </tr>
      </AdminTable>,
    );
    const table = within(screen.getByRole('region', { name: 'Lista de teste' })).getByRole('table');
    expect(table.className).toContain('admin-stack');
    const cells = Array.from(table.querySelectorAll('tbody tr > *'));
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['N.º', 'Total', 'Ações']);
  });
});

import { type ReactNode, useLayoutEffect, useRef } from 'react';
import Table from 'react-bootstrap/Table';
import { type TableColumn, TableHead } from '../../components/table-head.tsx';


type Props = {
  /** The region's name ('Lista de produtos'). */
  label: string;
  /** What the table holds, for screen readers ('Produtos da loja, pela ordem de apresentação'). */
  caption: string;
  columns: readonly (string | TableColumn)[];
  /** The rows. */
  children: ReactNode;
};

const words = (column: string | TableColumn) => (typeof column === 'string' ? column : column.label);

/**
 * A back-office list. Below 576 px each row is a card (issue #25: the lists were wider than a phone): every value
 * under its column's name, the actions at the foot, nothing to scroll sideways. From 576 px a table that still does
 * not fit scrolls sideways in a region the keyboard can focus and scroll; positioned, so the screen-reader texts
 * inside it scroll with it instead of widening the page.
 */
export function AdminTable({ label, caption, columns, children }: Props) {
  const body = useRef<HTMLTableSectionElement>(null);
  // Each cell carries its column's name for the card layout (admin-dashboard.css), whatever table drew the row.
  useLayoutEffect(() => {
    for (const row of Array.from(body.current?.rows ?? [])) {
      Array.from(row.cells).forEach((cell, index) => {
        const column = columns[index];
        if (column !== undefined) cell.dataset.label = words(column);
      });
    }
  });
  return (
    <div className="table-responsive position-relative" role="region" aria-label={label} tabIndex={0}>
      <Table hover className="admin-stack align-middle mb-0">
        <caption className="visually-hidden">{caption}</caption>
        <TableHead columns={columns} />
        <tbody ref={body}>{children}</tbody>
      </Table>
    </div>
  );
}

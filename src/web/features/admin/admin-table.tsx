import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';

/** A column header: its words (read only by screen readers when `hidden`), and the cell's classes. */
export type AdminColumn = { label: string; className?: string; hidden?: boolean };

type Props = {
  /** The region's name ('Lista de produtos'). */
  label: string;
  /** What the table holds, for screen readers ('Produtos da loja, pela ordem de apresentação'). */
  caption: string;
  columns: readonly (string | AdminColumn)[];
  /** The rows. */
  children: ReactNode;
};

/**
 * A back-office list: the table scrolls sideways on a phone in a region the keyboard can focus and scroll;
 * positioned, so the screen-reader texts inside it scroll with it instead of widening the page.
 */
export function AdminTable({ label, caption, columns, children }: Props) {
  return (
    <div className="table-responsive position-relative" role="region" aria-label={label} tabIndex={0}>
      <Table hover className="align-middle mb-0">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const { label: words, className, hidden } = typeof column === 'string' ? { label: column } : column;
              return (
                <th key={words} scope="col" className={className}>
                  {hidden ? <span className="visually-hidden">{words}</span> : words}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </Table>
    </div>
  );
}

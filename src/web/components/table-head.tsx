/** A column header: its words (read only by screen readers when `hidden`, as an actions column's), and the cell's classes. */
export type TableColumn = { label: string; className?: string; hidden?: boolean };

/** The actions column's header: no visible words, «Ações» for screen readers. */
export const ACTIONS_COLUMN: TableColumn = { label: 'Ações', hidden: true };

/** A table's `<thead>`: one header cell a column. */
export function TableHead({ columns }: { columns: readonly (string | TableColumn)[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => {
          const { label, className, hidden } = typeof column === 'string' ? { label: column } : column;
          return (
            <th key={label} scope="col" className={className}>
              {hidden ? <span className="visually-hidden">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

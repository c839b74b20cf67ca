import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';

type Props<T> = {
  variant: 'warning' | 'danger';
  icon: ReactNode;
  title: string;
  intro: string;
  rows: T[];
  keyOf: (row: T) => string | number;
  /** What a row says, and what can be done with it (a button or a link at its end). */
  text: (row: T) => ReactNode;
  action: (row: T) => ReactNode;
  children?: ReactNode;
};

/**
 * A list of things to see to on top of the orders tab ("Pagamentos a verificar", "Reembolsos por fazer"): a
 * heading with its count, a sentence, and one row each, with its action at its end.
 */
export function AlertList<T>({ variant, icon, title, intro, rows, keyOf, text, action, children }: Props<T>) {
  return (
    <Alert variant={variant} className="mb-3">
      <h2 className="h6 alert-heading">
        {icon}
        {`${title} (${rows.length})`}
      </h2>
      <p className="small mb-2">{intro}</p>
      <ul className="list-unstyled mb-0">
        {rows.map((row) => (
          <li key={keyOf(row)} className={`d-flex flex-wrap align-items-center gap-2 py-1 border-top border-${variant}-subtle`}>
            <span className="me-auto">{text(row)}</span>
            {action(row)}
          </li>
        ))}
      </ul>
      {children}
    </Alert>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Props = {
  /** The tab's filter or search. */
  children: ReactNode;
  /** The "Novo …" button: where it goes, its words, its icon, and what stands before it (an export). */
  to: string;
  label: string;
  icon: ReactNode;
  before?: ReactNode;
};

/** A list tab's bar: its filter or search, and its "Novo …" button at the end, side by side from 576 px. */
export function TabToolbar({ children, to, label, icon, before }: Props) {
  const create = (
    <Link to={to} className="btn btn-primary">
      {icon}
      {label}
    </Link>
  );
  return (
    <div className="d-flex flex-column flex-sm-row align-items-stretch align-items-sm-end justify-content-between gap-3 mb-3">
      {children}
      {before ?
        <div className="d-flex flex-wrap gap-2">
          {before}
          {create}
        </div>
      : create}
    </div>
  );
}

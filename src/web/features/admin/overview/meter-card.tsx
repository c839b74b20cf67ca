import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import ProgressBar from 'react-bootstrap/ProgressBar';

type Variant = 'success' | 'warning' | 'danger';

/**
 * One of Resumo's legal meters (the art. 53.º turnover, the EU distance sales): a year's figure against its limit,
 * a bar in the colour of how near it is, a line saying the rule, and from 80 % what the law then requires.
 */
export function MeterCard({ id, title, figure, bar, note, message }: {
  id: string;
  title: string;
  figure: ReactNode;
  bar: { now: number; variant: Variant; label: string };
  note: string;
  message: string | null;
}) {
  return (
    <section className="card mb-4" aria-labelledby={id}>
      <div className="card-body">
        <h3 id={id} className="h5">
          {title}
        </h3>
        <p className="fs-4 fw-semibold mb-2">{figure}</p>
        <ProgressBar now={bar.now} variant={bar.variant} aria-label={bar.label} className="mb-1" />
        <p className="small text-secondary mb-0">{note}</p>
        {message && (
          <Alert variant={bar.variant} className="mt-3 mb-0">
            {message}
          </Alert>
        )}
      </div>
    </section>
  );
}

import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { isCalendarDay, lisbonToday } from '#shared/dates.ts';
import { exportMessages, MAX_EXPORT_DAYS } from '#shared/schemas/exports.ts';
import { API_BASE } from '../../../api/client.ts';
import BiDownloadIcon from '~icons/bi/download';

/** The first day of the month `isoDay` is in (YYYY-MM-DD). */
const monthStart = (isoDay: string) => `${isoDay.slice(0, 8)}01`;

/** What is wrong with a range of days, in the server's words (shared schema), or nothing. */
function rangeProblem(from: string, to: string): { field: 'from' | 'to'; message: string } | undefined {
  if (!isCalendarDay(from)) return { field: 'from', message: exportMessages.from };
  if (!isCalendarDay(to)) return { field: 'to', message: exportMessages.to };
  if (from > to) return { field: 'to', message: exportMessages.range };
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 >= MAX_EXPORT_DAYS) return { field: 'to', message: exportMessages.tooLong };
  return undefined;
}

/**
 * The orders tab's export for the accountant (issue #17): the orders placed between two days, one line per
 * item, as a CSV Excel in Portuguese opens. A plain download link: the browser keeps the session cookie.
 */
export function OrderExport() {
  const id = useId();
  const today = lisbonToday();
  const [from, setFrom] = useState(monthStart(today));
  const [to, setTo] = useState(today);
  const problem = rangeProblem(from, to);
  const href = `${API_BASE}/order/export.csv?${new URLSearchParams({ from, to }).toString()}`;
  return (
    <details className="mb-3">
      <summary className="fw-semibold">Exportar encomendas para o contabilista (CSV)</summary>
      <div className="d-flex flex-wrap align-items-end gap-3 mt-2">
        <Form.Group controlId={`${id}-from`}>
          <Form.Label>Desde</Form.Label>
          <Form.Control type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} isInvalid={problem?.field === 'from'} aria-invalid={problem?.field === 'from' || undefined} aria-describedby={problem?.field === 'from' ? `${id}-problem` : undefined} />
        </Form.Group>
        <Form.Group controlId={`${id}-to`}>
          <Form.Label>Até</Form.Label>
          <Form.Control type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} isInvalid={problem?.field === 'to'} aria-invalid={problem?.field === 'to' || undefined} aria-describedby={problem?.field === 'to' ? `${id}-problem` : undefined} />
        </Form.Group>
        {problem ?
          <button type="button" className="btn btn-outline-primary" disabled>
            <BiDownloadIcon className="bi me-2" aria-hidden="true" />
            Exportar CSV
          </button>
        : <a className="btn btn-outline-primary" href={href} download>
            <BiDownloadIcon className="bi me-2" aria-hidden="true" />
            Exportar CSV
          </a>
        }
      </div>
      {problem && (
        <p id={`${id}-problem`} className="text-danger small mt-2 mb-0" role="alert">
          {problem.message}
        </p>
      )}
      <p className="small text-secondary mt-2 mb-0">Uma linha por artigo, com o cliente, o NIF, o IVA e os totais de cada encomenda; separado por «;», com vírgula decimal.</p>
    </details>
  );
}

/** The products tab's export: every product and variant with SKU, price and stock. */
export function ProductExport() {
  return (
    <a className="btn btn-outline-primary" href={`${API_BASE}/product/export.csv`} download>
      <BiDownloadIcon className="bi me-2" aria-hidden="true" />
      Exportar CSV
    </a>
  );
}

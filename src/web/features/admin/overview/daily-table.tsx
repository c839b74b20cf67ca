import { formatCalendarDay } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import type { Overview } from '#shared/schemas/overview.ts';
import { withVat } from './vat-words.ts';
import { TableHead } from '../../../components/table-head.tsx';

/** The chart's figures as a table (for screen readers, and to read exact values), days with sales only, newest first. */
export function DailyTable({ days, exempt }: { days: Overview['days']; exempt: boolean }) {
  const withSales = days.filter((d) => d.orders > 0).reverse();
  const total = days.reduce((sum, d) => ({ orders: sum.orders + d.orders, cents: sum.cents + d.withTaxCents }), { orders: 0, cents: 0 });
  return (
    <details className="mt-3">
      <summary>Ver os valores em tabela</summary>
      {withSales.length === 0 ?
        <p className="mt-2 mb-0">Nenhuma encomenda paga neste período.</p>
      : <div className="table-responsive mt-2" role="region" aria-label="Valores por dia" tabIndex={0}>
          <table className="table table-sm mb-0">
            <caption className="visually-hidden">Recebido e encomendas pagas por dia (só os dias com vendas)</caption>
            <TableHead columns={['Dia', { label: 'Encomendas pagas', className: 'text-end' }, { label: withVat('Recebido', exempt), className: 'text-end' }]} />
            <tbody>
              {withSales.map((d) => (
                <tr key={d.day}>
                  <th scope="row" className="fw-normal">
                    {formatCalendarDay(d.day)}
                  </th>
                  <td className="text-end">{d.orders}</td>
                  <td className="text-end">{formatCents(d.withTaxCents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td className="text-end fw-semibold">{total.orders}</td>
                <td className="text-end fw-semibold">{formatCents(total.cents)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      }
    </details>
  );
}

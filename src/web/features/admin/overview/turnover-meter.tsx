import Alert from 'react-bootstrap/Alert';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { formatCents } from '#shared/money.ts';
import type { TurnoverMeter as Meter } from '#shared/schemas/tax.ts';

const variant = { ok: 'success', near: 'warning', over_limit: 'warning', over_ceiling: 'danger' } as const;

/**
 * Resumo's meter for a shop under the art. 53.º exemption (decision 0053): this calendar year's invoiced total
 * against 15 000 € and 18 750 €, and, from 80 %, what the law then requires.
 */
export function TurnoverMeter({ meter }: { meter: Meter }) {
  const share = Math.min(100, Math.round((meter.invoicedCents / meter.ceilingCents) * 100));
  const limitAt = Math.round((meter.limitCents / meter.ceilingCents) * 100);
  return (
    <section className="card mb-4" aria-labelledby="turnover-title">
      <div className="card-body">
        <h3 id="turnover-title" className="h5">
          Isenção de IVA (art. 53.º): faturado em {meter.year}
        </h3>
        <p className="fs-4 fw-semibold mb-2">
          {formatCents(meter.invoicedCents)} <span className="fs-6 fw-normal text-secondary">de {formatCents(meter.limitCents)}</span>
        </p>
        <ProgressBar
          now={share}
          variant={variant[meter.level]}
          aria-label={`Faturado ${formatCents(meter.invoicedCents)}: limite ${formatCents(meter.limitCents)}, máximo ${formatCents(meter.ceilingCents)}`}
          className="mb-1"
        />
        <p className="small text-secondary mb-0">
          Limite de {formatCents(meter.limitCents)} (a {limitAt} % da barra) e máximo de {formatCents(meter.ceilingCents)} no ano civil.
        </p>
        {meter.message && (
          <Alert variant={variant[meter.level]} className="mt-3 mb-0">
            {meter.message}
          </Alert>
        )}
      </div>
    </section>
  );
}

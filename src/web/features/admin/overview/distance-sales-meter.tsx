import Alert from 'react-bootstrap/Alert';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { formatCents } from '#shared/money.ts';
import type { DistanceSalesMeter as Meter } from '#shared/schemas/distance-sales.ts';

const variant = { ok: 'success', near: 'warning', over: 'danger' } as const;

/**
 * Resumo's meter of distance sales (decision 0055): this calendar year's sales to other EU countries, VAT
 * excluded, against the EU-wide 10 000 € under which Portuguese VAT applies; from 80 %, what the law then requires.
 */
export function DistanceSalesMeter({ meter }: { meter: Meter }) {
  const share = Math.min(100, Math.round((meter.soldCents / meter.limitCents) * 100));
  return (
    <section className="card mb-4" aria-labelledby="distance-sales-title">
      <div className="card-body">
        <h3 id="distance-sales-title" className="h5">
          Vendas à distância para outros países da UE em {meter.year}
        </h3>
        <p className="fs-4 fw-semibold mb-2">
          {formatCents(meter.soldCents)} <span className="fs-6 fw-normal text-secondary">de {formatCents(meter.limitCents)} (sem IVA)</span>
        </p>
        <ProgressBar now={share} variant={variant[meter.level]} aria-label={`Vendas à distância ${formatCents(meter.soldCents)} de ${formatCents(meter.limitCents)}`} className="mb-1" />
        <p className="small text-secondary mb-0">
          Até {formatCents(meter.limitCents)} por ano civil, em toda a UE, estas vendas levam o IVA português. Em {meter.year - 1}: {formatCents(meter.previousYearCents)}.
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

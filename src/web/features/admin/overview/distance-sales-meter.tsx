import { formatCents } from '#shared/money.ts';
import type { DistanceSalesMeter as Meter } from '#shared/schemas/distance-sales.ts';
import { MeterCard } from './meter-card.tsx';

const variant = { ok: 'success', near: 'warning', over: 'danger' } as const;

/**
 * Resumo's meter of distance sales (decision 0055): this calendar year's sales to other EU countries, VAT
 * excluded, against the EU-wide 10 000 € under which Portuguese VAT applies; from 80 %, what the law then requires.
 */
export function DistanceSalesMeter({ meter }: { meter: Meter }) {
  const sold = formatCents(meter.soldCents);
  const limit = formatCents(meter.limitCents);
  return (
    <MeterCard
      id="distance-sales-title"
      title={`Vendas à distância para outros países da UE em ${meter.year}`}
      figure={
        <>
          {sold} <span className="fs-6 fw-normal text-secondary">de {limit} (sem IVA)</span>
        </>
      }
      bar={{ now: Math.min(100, Math.round((meter.soldCents / meter.limitCents) * 100)), variant: variant[meter.level], label: `Vendas à distância ${sold} de ${limit}` }}
      note={`Até ${limit} por ano civil, em toda a UE, estas vendas levam o IVA português. Em ${meter.year - 1}: ${formatCents(meter.previousYearCents)}.`}
      message={meter.message}
    />
  );
}

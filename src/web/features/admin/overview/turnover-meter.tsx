import { formatCents } from '#shared/money.ts';
import type { TurnoverMeter as Meter } from '#shared/schemas/tax.ts';
import { MeterCard } from './meter-card.tsx';

const variant = { ok: 'success', near: 'warning', over_limit: 'warning', over_ceiling: 'danger' } as const;

/**
 * Resumo's meter for a shop under the art. 53.º exemption (decision 0053): this calendar year's invoiced total
 * against 15 000 € and 18 750 €, and, from 80 %, what the law then requires.
 */
export function TurnoverMeter({ meter }: { meter: Meter }) {
  const invoiced = formatCents(meter.invoicedCents);
  const limit = formatCents(meter.limitCents);
  const ceiling = formatCents(meter.ceilingCents);
  return (
    <MeterCard
      id="turnover-title"
      title={`Isenção de IVA (art. 53.º): faturado em ${meter.year}`}
      figure={
        <>
          {invoiced} <span className="fs-6 fw-normal text-secondary">de {limit}</span>
        </>
      }
      bar={{
        now: Math.min(100, Math.round((meter.invoicedCents / meter.ceilingCents) * 100)),
        variant: variant[meter.level],
        label: `Faturado ${invoiced}: limite ${limit}, máximo ${ceiling}`,
      }}
      note={`Limite de ${limit} (a ${Math.round((meter.limitCents / meter.ceilingCents) * 100)} % da barra) e máximo de ${ceiling} no ano civil.`}
      message={meter.message}
    />
  );
}

import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId } from 'react';
import Form from 'react-bootstrap/Form';
import { useSearchParams } from 'react-router';
import { formatCents } from '#shared/money.ts';
import { type Overview, OVERVIEW_PERIODS, type TakingsComparison } from '#shared/schemas/overview.ts';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { QueryState } from '../query-state.tsx';
import { overviewQueryOptions } from './api.ts';
import { DailyTable } from './daily-table.tsx';
import { BestSellers, DiscountsGiven, LowStock, NeedsAttention, OrdersByStatus } from './overview-lists.tsx';
import { OwnerMail } from './owner-mail.tsx';
import { TurnoverMeter } from './turnover-meter.tsx';
import { DistanceSalesMeter } from './distance-sales-meter.tsx';
import { WithdrawalsPanel } from './withdrawals-panel.tsx';
import { PaymentMethodsPanel } from './payment-methods-panel.tsx';
import { LabelOptions } from '../../../components/form/label-options.tsx';

// The chart's library (chart.js) is fetched only when the Resumo tab draws it.
const DailyChart = lazy(async () => ({ default: (await import('./daily-chart.tsx')).DailyChart }));

const PERIOD_PARAM = 'dias';
const periodLabel: Record<(typeof OVERVIEW_PERIODS)[number], string> = {
  7: 'Últimos 7 dias',
  30: 'Últimos 30 dias',
  90: 'Últimos 3 meses',
  365: 'Últimos 12 meses',
};
const isPeriod = (value: number): value is (typeof OVERVIEW_PERIODS)[number] => (OVERVIEW_PERIODS as readonly number[]).includes(value);

const change = new Intl.NumberFormat('pt-PT', { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' });

/** The period before, as a comparison says it ("face a ontem") and as an absence does ("Sem vendas ontem"). */
type PeriodBefore = { comparedTo: string; during: string };

/** "+12 % face a ontem", or what there was when the period before had nothing. */
function comparedWith(current: number, previous: number, before: PeriodBefore) {
  if (previous === 0) return current === 0 ? `Igual ${before.comparedTo}` : `Sem vendas ${before.during}`;
  return `${change.format((current - previous) / previous)} face ${before.comparedTo}`;
}

function TakingsCard({ title, before, figures, exempt }: { title: string; before: PeriodBefore; figures: TakingsComparison; exempt: boolean }) {
  const { current, previous } = figures;
  return (
    <div className="col-sm-6 col-lg-4">
      <div className="card h-100">
        <div className="card-body">
          <h3 className="h6 text-secondary mb-2">{title}</h3>
          <p className="fs-3 fw-semibold mb-0">{formatCents(current.receivedCents)}</p>
          <dl className="takings-money small mb-2">
            <dt>Reembolsado</dt>
            <dd>{formatCents(current.refundedCents)}</dd>
            <dt>Líquido</dt>
            <dd className="fw-semibold">{formatCents(current.netCents)}</dd>
          </dl>
          <p className="small mb-2">
            {/* Under the art. 53.º exemption there is no VAT to take out (decision 0053). */}
            {exempt ? '' : `${formatCents(current.withoutTaxCents)} sem IVA · `}
            {current.orders === 1 ? '1 encomenda paga' : `${current.orders} encomendas pagas`}
          </p>
          <p className="small text-secondary mb-0">
            {comparedWith(current.receivedCents, previous.receivedCents, before)} ({formatCents(previous.receivedCents)})
          </p>
        </div>
      </div>
    </div>
  );
}

const exempt = (figures: Overview) => Boolean(figures.vat?.exempt);

/** The dashboard's first tab (issue #17): how the shop is doing, and what needs the owner. */
export function OverviewTab() {
  const id = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = Number(searchParams.get(PERIOD_PARAM));
  const days = isPeriod(asked) ? asked : OVERVIEW_PERIODS[0];
  const query = useQuery(overviewQueryOptions(days));
  const choose = (value: number) =>
    setSearchParams(
      (params) => {
        params.set(PERIOD_PARAM, String(value));
        return params;
      },
      { replace: true },
    );

  return (
    <QueryState query={query} loadingLabel="A carregar o resumo..." loadError="Não foi possível carregar o resumo da loja.">
      {(figures) => (
        <div aria-busy={query.isFetching || undefined}>
          <h2 className="visually-hidden">Resumo</h2>
          <div className="row g-3 mb-4">
            <TakingsCard title="Recebido hoje" before={{ comparedTo: 'a ontem', during: 'ontem' }} figures={figures.takings.today} exempt={exempt(figures)} />
            <TakingsCard
              title="Últimos 7 dias"
              before={{ comparedTo: 'aos 7 dias anteriores', during: 'nos 7 dias anteriores' }}
              figures={figures.takings.week}
              exempt={exempt(figures)}
            />
            <TakingsCard
              title="Últimos 30 dias"
              before={{ comparedTo: 'aos 30 dias anteriores', during: 'nos 30 dias anteriores' }}
              figures={figures.takings.month}
              exempt={exempt(figures)}
            />
          </div>
          {figures.vat?.meter && <TurnoverMeter meter={figures.vat.meter} />}
          {figures.vat?.distance && <DistanceSalesMeter meter={figures.vat.distance} />}
          <section className="card mb-4" aria-labelledby={`${id}-days`}>
            <div className="card-body">
              <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
                <h3 id={`${id}-days`} className="h5 mb-0 me-auto">
                  Recebido e encomendas pagas por dia
                </h3>
                <Form.Label htmlFor={`${id}-period`} className="mb-0">
                  Período
                </Form.Label>
                <Form.Select id={`${id}-period`} className="w-auto" value={days} onChange={(e) => choose(Number(e.target.value))}>
                  <LabelOptions values={OVERVIEW_PERIODS} labels={periodLabel} />
                </Form.Select>
              </div>
              <Suspense fallback={<PageSpinner label="A desenhar o gráfico..." />}>
                <DailyChart days={figures.days} exempt={exempt(figures)} />
              </Suspense>
              <DailyTable days={figures.days} exempt={exempt(figures)} />
            </div>
          </section>
          <div className="row g-3">
            <NeedsAttention figures={figures} />
            <OrdersByStatus figures={figures} period={periodLabel[days].toLowerCase()} />
            <LowStock lowStock={figures.lowStock} />
            <OwnerMail ownerMail={figures.ownerMail} />
            <WithdrawalsPanel withdrawals={figures.withdrawals} />
            <PaymentMethodsPanel />
            {figures.discounts && <DiscountsGiven discounts={figures.discounts} period={periodLabel[days].toLowerCase()} />}
            <BestSellers items={figures.bestSellers} period={periodLabel[days].toLowerCase()} exempt={exempt(figures)} />
          </div>
        </div>
      )}
    </QueryState>
  );
}

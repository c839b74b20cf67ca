import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import { formatCalendarDay } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import type { Overview } from '#shared/schemas/overview.ts';
import { withVat } from './vat-words.ts';

// Only the pieces drawn here: a bar per day (money) and a line (orders), each on its own axis.
Chart.register(BarController, BarElement, CategoryScale, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip);

const shortDay = new Intl.DateTimeFormat('pt-PT', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const euros = new Intl.NumberFormat('pt-PT', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });

/** The brand's colours as the theme sets them, so the chart follows a change of palette. */
function themeColour(name: string, fallback: string) {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** Money received and paid orders per day, drawn on a canvas; the same figures are in the table below it. */
export function DailyChart({ days, exempt }: { days: Overview['days']; exempt: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const total = days.reduce((sum, d) => sum + d.withTaxCents, 0);

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return undefined;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    const chart = new Chart(context, {
      data: {
        labels: days.map((d) => shortDay.format(new Date(`${d.day}T00:00:00Z`))),
        datasets: [
          { type: 'bar', label: withVat('Recebido', exempt), data: days.map((d) => d.withTaxCents / 100), backgroundColor: themeColour('--bs-primary', '#2f5d50'), yAxisID: 'money', order: 2 },
          {
            type: 'line',
            label: 'Encomendas pagas',
            data: days.map((d) => d.orders),
            borderColor: themeColour('--bs-body-color', '#212529'),
            backgroundColor: themeColour('--bs-body-color', '#212529'),
            pointRadius: days.length > 90 ? 0 : 2,
            borderWidth: 1.5,
            yAxisID: 'orders',
            order: 1,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: reduceMotion ? false : undefined,
        locale: 'pt-PT',
        interaction: { mode: 'index', intersect: false },
        scales: {
          money: { position: 'left', beginAtZero: true, ticks: { callback: (value) => euros.format(Number(value)) } },
          orders: { position: 'right', beginAtZero: true, grid: { drawOnChartArea: false }, ticks: { precision: 0 } },
          x: { ticks: { maxRotation: 0, autoSkipPadding: 12 } },
        },
        plugins: {
          tooltip: {
            callbacks: {
              title: (items) => formatCalendarDay(days[items[0]?.dataIndex ?? 0]?.day ?? ''),
              label: (item) => (item.dataset.yAxisID === 'money' ? `Recebido: ${formatCents(Math.round(Number(item.raw) * 100))}` : `Encomendas pagas: ${String(item.raw)}`),
            },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [days, exempt]);

  return (
    <div style={{ position: 'relative', height: '16rem' }}>
      <canvas ref={canvas} role="img" aria-label={`Gráfico do recebido e das encomendas pagas por dia: ${formatCents(total)} no período. Os valores estão na tabela a seguir.`} />
    </div>
  );
}

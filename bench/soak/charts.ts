// The run's charts: Vega-Lite specifications compiled by vega-lite, rendered to SVG by vega's headless view,
// then to PNG by sharp (already the project's image library).
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { parse, View } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';

type Row = Record<string, string | number>;

/** Legends wide enough for the longest series name; white behind, as the PNG has no page under it. */
const config = { font: 'DejaVu Sans', background: 'white', legend: { labelLimit: 320 } };

/** A line chart of `rows`: x in minutes, one line per `series` value (optionally one panel per `panel`). */
export function lineChart(title: string, rows: Row[], y: { field: string; title: string }, series: string, panel?: string): TopLevelSpec {
  const encoding = {
    x: { field: 'minute', type: 'quantitative' as const, title: 'minute of the run' },
    y: { field: y.field, type: 'quantitative' as const, title: y.title },
    color: { field: series, type: 'nominal' as const, title: null },
  };
  const mark = { type: 'line' as const, point: rows.length < 60, interpolate: 'linear' as const };
  if (panel) {
    return {
      title,
      data: { values: rows },
      facet: { row: { field: panel, type: 'nominal', title: null } },
      spec: { width: 720, height: 160, mark, encoding },
      resolve: { scale: { y: 'independent' } },
      config,
    };
  }
  return { title, data: { values: rows }, width: 720, height: 260, mark, encoding, config };
}

/** Renders the spec to `file` (PNG), twice the pixels for legibility. */
export async function renderPng(spec: TopLevelSpec, file: string) {
  const view = new View(parse(compile(spec).spec), { renderer: 'none' });
  const svg = await view.toSVG(2);
  view.finalize();
  writeFileSync(file, await sharp(Buffer.from(svg)).png().toBuffer());
}

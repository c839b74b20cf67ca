// `npm run bench:abuse`: the shop's own features turned against someone (issue #26), bounded and on
// loopback, printing one figure per finding. Each scenario lives in bench/abuse/<topic>.ts and exports
// `scenarios`: a title and a function answering its figures. Not part of `npm test`. Options:
//   --only=mail,csv   scenarios whose key is listed (default: all)
// DATABASE_URL picks the engine as for the tests (PGlite otherwise).
import { readdir } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { AbuseScenario } from './abuse/scenario.ts';

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const only = values.only ? new Set(values.only.split(',').map((key) => key.trim())) : undefined;

const files = (await readdir(new URL('./abuse/', import.meta.url))).filter((file) => file.endsWith('.ts') && file !== 'scenario.ts').sort();
const scenarios: AbuseScenario[] = [];
for (const file of files) {
  const module = (await import(new URL(`./abuse/${file}`, import.meta.url).href)) as { scenarios: AbuseScenario[] };
  scenarios.push(...module.scenarios.filter((scenario) => !only || only.has(scenario.key)));
}

type Row = { scenario: string; figure: string; value: string; holds?: boolean | undefined };
const rows: Row[] = [];
let failed = false;
for (const scenario of scenarios) {
  console.log(`\n${scenario.key}: ${scenario.title}`);
  const started = performance.now();
  try {
    for (const figure of await scenario.run()) rows.push({ scenario: scenario.key, ...figure, value: String(figure.value) });
  } catch (err) {
    failed = true;
    console.error(`  ${scenario.key} failed:`, err);
    rows.push({ scenario: scenario.key, figure: 'scenario failed', value: err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err), holds: false });
  }
  console.log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

console.log('\n| scenario | figure | value | holds |\n| --- | --- | --- | --- |');
for (const row of rows) console.log(`| ${row.scenario} | ${row.figure} | ${row.value} | ${row.holds === undefined ? '' : row.holds ? 'yes' : 'NO'} |`);
if (failed || rows.some((row) => row.holds === false)) process.exitCode = 1;

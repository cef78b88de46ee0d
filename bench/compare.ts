/**
 * `npx tsx bench/compare.ts A.json B.json [--min-relative 0.05]`: the figures
 * and ratios of two `npm run bench -- --json` runs that differ beyond noise
 * (see bench/lib/compare-runs.ts), with both runs' machine and load.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { compareRuns, DEFAULT_COMPARE, formatDifference, type BenchRun } from './lib/compare-runs.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'min-relative': { type: 'string' } } });
if (positionals.length !== 2) {
  console.error('usage: bench/compare.ts A.json B.json [--min-relative 0.05]');
  process.exit(2);
}
const load = (file: string): BenchRun => {
  const run = JSON.parse(readFileSync(file, 'utf8')) as BenchRun;
  if (!Array.isArray(run.figures)) throw new Error(`${file} is no bench record (no figures)`);
  return run;
};
const [a, b] = positionals.map(load) as [BenchRun, BenchRun];
const minRelative = values['min-relative'] ? Number(values['min-relative']) : DEFAULT_COMPARE.minRelative;
if (!(minRelative >= 0)) throw new Error('--min-relative must be a number ≥ 0');
for (const [label, r] of [
  ['A', a],
  ['B', b],
] as const) {
  console.log(
    `${label}: ${r.commit} ${r.date} ${r.cpu}, load ${r.loadavgStart.map((x) => x.toFixed(2)).join(' ')} → ${(r.loadavgEnd ?? []).map((x) => x.toFixed(2)).join(' ')}`,
  );
}
const diffs = compareRuns(a, b, { ...DEFAULT_COMPARE, minRelative });
if (diffs.length === 0) console.log('no difference beyond noise');
for (const d of diffs) console.log(formatDifference(d));

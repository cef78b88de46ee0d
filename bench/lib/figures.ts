/**
 * One benchmark figure beside the bare baselines measured in the same run on
 * the same data, printed as `figure | baseline | ratio`, and (when `npm run
 * bench -- --json FILE` asked for it) appended to the run's record file, one
 * JSON object a line (BENCH_JSON_LINES, set by bench/run.ts).
 */
import { appendFileSync } from 'node:fs';

export type Unit = 'ms' | 's' | 'records/s' | 'points/s' | 'fps' | 'MB/s';

export interface Stats {
  n: number;
  min: number;
  median: number;
  max: number;
}

export interface BaselineFigure {
  name: string;
  stats: Stats;
  /** figure median ÷ baseline median, in the figure's unit */
  ratio: number;
  /** The ratio's target, e.g. `>= 0.8` (throughput) or `<= 1.5` (time). */
  target?: string;
}

export interface FigureRecord {
  bench: string;
  name: string;
  unit: Unit;
  /** Whether a larger value is better (throughputs, fps) or worse (times). */
  higherIsBetter: boolean;
  stats: Stats;
  baselines: BaselineFigure[];
  /** The figure's own absolute target, e.g. `>= 200000`. */
  target?: string;
}

export function statsOf(samples: readonly number[]): Stats {
  if (samples.length === 0) throw new RangeError('a figure needs at least one sample');
  const s = [...samples].sort((a, b) => a - b);
  const m = s.length >> 1;
  const median = s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
  return { n: s.length, min: s[0]!, median, max: s[s.length - 1]! };
}

export const higherIsBetter = (unit: Unit): boolean => unit !== 'ms' && unit !== 's';

function fmt(x: number, unit: Unit): string {
  if (unit === 'ms') return x.toFixed(0);
  if (unit === 's') return x.toFixed(2);
  if (unit === 'fps') return x.toFixed(1);
  return Math.round(x).toLocaleString('en-US');
}

function fmtStats(s: Stats, unit: Unit): string {
  return s.n === 1
    ? `${fmt(s.median, unit)} ${unit} (1 run)`
    : `${fmt(s.median, unit)} ${unit} (median of ${s.n}, ${fmt(s.min, unit)}–${fmt(s.max, unit)})`;
}

/** Whether `value` meets a target written `>= x` or `<= x`. */
export function meets(value: number, target: string): boolean {
  const m = /^(>=|<=)\s*([\d.]+)$/.exec(target.trim());
  if (!m) throw new RangeError(`a target is ">= x" or "<= x", not "${target}"`);
  return m[1] === '>=' ? value >= Number(m[2]) : value <= Number(m[2]);
}

export interface FigureInput {
  bench: string;
  name: string;
  unit: Unit;
  samples: readonly number[];
  target?: string;
  baselines?: { name: string; samples: readonly number[]; target?: string }[];
}

/** Prints the figure, each baseline and each ratio, and records them for --json. */
export function report(input: FigureInput): FigureRecord {
  const stats = statsOf(input.samples);
  const rec: FigureRecord = {
    bench: input.bench,
    name: input.name,
    unit: input.unit,
    higherIsBetter: higherIsBetter(input.unit),
    stats,
    baselines: (input.baselines ?? []).map((b) => {
      const bs = statsOf(b.samples);
      return { name: b.name, stats: bs, ratio: stats.median / bs.median, ...(b.target ? { target: b.target } : {}) };
    }),
    ...(input.target ? { target: input.target } : {}),
  };
  const verdict = (value: number, target?: string) =>
    target ? ` [target ${target}: ${meets(value, target) ? 'met' : 'NOT MET'}]` : '';
  console.log(`${rec.bench}: ${rec.name}: ${fmtStats(stats, rec.unit)}${verdict(stats.median, rec.target)}`);
  for (const b of rec.baselines) {
    console.log(
      `    baseline ${b.name}: ${fmtStats(b.stats, rec.unit)} → ratio ${b.ratio.toFixed(2)}×${verdict(b.ratio, b.target)}`,
    );
  }
  const sink = process.env['BENCH_JSON_LINES'];
  if (sink) appendFileSync(sink, JSON.stringify(rec) + '\n');
  return rec;
}

/**
 * Differences between two `npm run bench -- --json` records that are beyond
 * noise: the two runs' min–max ranges must not overlap and the medians must
 * differ by at least `minRelative` (a single sample has no range, so it needs
 * `singleSampleRelative`). Ratios to a baseline are compared the same way,
 * their range being [figure min ÷ baseline max, figure max ÷ baseline min].
 */
import type { FigureRecord, Stats } from './figures.ts';

export interface BenchRun {
  commit: string;
  date: string;
  cpu: string;
  node: string;
  loadavgStart: number[];
  loadavgEnd?: number[];
  benches: { file: string; loadavgBefore: number[]; loadavgAfter: number[]; seconds: number; exit: number }[];
  figures: FigureRecord[];
}

export interface CompareOptions {
  minRelative: number;
  singleSampleRelative: number;
}

export const DEFAULT_COMPARE: CompareOptions = { minRelative: 0.05, singleSampleRelative: 0.25 };

export interface Difference {
  key: string;
  what: 'figure' | 'ratio' | 'only in A' | 'only in B';
  a?: number;
  b?: number;
  /** (b − a) / a */
  relative?: number;
  better?: boolean;
}

interface Range {
  n: number;
  lo: number;
  mid: number;
  hi: number;
}

const rangeOf = (s: Stats): Range => ({ n: s.n, lo: s.min, mid: s.median, hi: s.max });

/** The relative change from a to b when it is beyond noise, else null. */
export function beyondNoise(a: Range, b: Range, o: CompareOptions = DEFAULT_COMPARE): number | null {
  if (!(a.mid > 0)) return null;
  const relative = (b.mid - a.mid) / a.mid;
  const needed = a.n < 2 || b.n < 2 ? o.singleSampleRelative : o.minRelative;
  if (Math.abs(relative) < needed) return null;
  const overlap = a.lo <= b.hi && b.lo <= a.hi;
  if (overlap && a.n >= 2 && b.n >= 2) return null;
  return relative;
}

function ratioRange(f: FigureRecord, baseline: string): Range | null {
  const b = f.baselines.find((x) => x.name === baseline);
  if (!b) return null;
  return {
    n: Math.min(f.stats.n, b.stats.n),
    lo: f.stats.min / b.stats.max,
    mid: b.ratio,
    hi: f.stats.max / b.stats.min,
  };
}

const keyOf = (f: FigureRecord) => `${f.bench}: ${f.name}`;

export function compareRuns(a: BenchRun, b: BenchRun, o: CompareOptions = DEFAULT_COMPARE): Difference[] {
  const out: Difference[] = [];
  const inB = new Map(b.figures.map((f) => [keyOf(f), f]));
  const inA = new Map(a.figures.map((f) => [keyOf(f), f]));
  for (const fa of a.figures) {
    const key = keyOf(fa);
    const fb = inB.get(key);
    if (!fb) {
      out.push({ key, what: 'only in A', a: fa.stats.median });
      continue;
    }
    const rel = beyondNoise(rangeOf(fa.stats), rangeOf(fb.stats), o);
    if (rel !== null)
      out.push({
        key,
        what: 'figure',
        a: fa.stats.median,
        b: fb.stats.median,
        relative: rel,
        better: fa.higherIsBetter ? rel > 0 : rel < 0,
      });
    for (const base of fa.baselines) {
      const ra = ratioRange(fa, base.name);
      const rb = ratioRange(fb, base.name);
      if (!ra || !rb) continue;
      const rr = beyondNoise(ra, rb, o);
      // A ratio is figure ÷ baseline in the figure's unit: for a throughput higher is better, for a time lower.
      if (rr !== null)
        out.push({
          key: `${key} ÷ ${base.name}`,
          what: 'ratio',
          a: ra.mid,
          b: rb.mid,
          relative: rr,
          better: fa.higherIsBetter ? rr > 0 : rr < 0,
        });
    }
  }
  for (const fb of b.figures)
    if (!inA.has(keyOf(fb))) out.push({ key: keyOf(fb), what: 'only in B', b: fb.stats.median });
  return out;
}

export function formatDifference(d: Difference): string {
  if (d.what === 'only in A') return `${d.key}: only in A (${d.a})`;
  if (d.what === 'only in B') return `${d.key}: only in B (${d.b})`;
  const pct = ((d.relative ?? 0) * 100).toFixed(1);
  const num = (x?: number) =>
    x === undefined ? '?' : Math.abs(x) >= 100 ? Math.round(x).toLocaleString('en-US') : x.toFixed(3);
  return `${d.key}${d.what === 'ratio' ? ' (ratio)' : ''}: ${num(d.a)} → ${num(d.b)} (${d.relative! > 0 ? '+' : ''}${pct}%, ${d.better ? 'better' : 'worse'})`;
}

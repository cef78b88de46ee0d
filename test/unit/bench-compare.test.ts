import { describe, expect, it } from 'vitest';
import { beyondNoise, compareRuns, formatDifference, type BenchRun } from '../../bench/lib/compare-runs.ts';
import { meets, statsOf, type FigureRecord } from '../../bench/lib/figures.ts';

function figure(name: string, samples: number[], unit: FigureRecord['unit'], baseline?: number[]): FigureRecord {
  const stats = statsOf(samples);
  const baselines = baseline
    ? [{ name: 'bare', stats: statsOf(baseline), ratio: stats.median / statsOf(baseline).median }]
    : [];
  return { bench: 'b', name, unit, higherIsBetter: unit !== 'ms' && unit !== 's', stats, baselines };
}

function run(figures: FigureRecord[]): BenchRun {
  return { commit: 'c', date: 'd', cpu: 'x', node: 'v', loadavgStart: [0, 0, 0], benches: [], figures };
}

describe('bench statistics', () => {
  it('takes min, median and max of any sample order', () => {
    expect(statsOf([5, 1, 3])).toEqual({ n: 3, min: 1, median: 3, max: 5 });
    expect(statsOf([4, 1, 3, 2])).toEqual({ n: 4, min: 1, median: 2.5, max: 4 });
    expect(() => statsOf([])).toThrow(RangeError);
  });

  it('reads targets in both directions', () => {
    expect(meets(0.8, '>= 0.8')).toBe(true);
    expect(meets(0.79, '>= 0.8')).toBe(false);
    expect(meets(1.6, '<= 1.5')).toBe(false);
    expect(() => meets(1, '~1')).toThrow(/target/);
  });
});

describe('comparing two bench runs', () => {
  it('ignores a change whose ranges overlap, however large the median moved', () => {
    const a = { n: 3, lo: 800, mid: 900, hi: 1600 };
    const b = { n: 3, lo: 850, mid: 1500, hi: 1700 };
    expect(beyondNoise(a, b)).toBeNull();
  });

  it('reports separated ranges, but not below the relative floor', () => {
    expect(beyondNoise({ n: 3, lo: 90, mid: 100, hi: 110 }, { n: 3, lo: 120, mid: 130, hi: 140 })).toBeCloseTo(0.3);
    expect(beyondNoise({ n: 3, lo: 99, mid: 100, hi: 100 }, { n: 3, lo: 101, mid: 102, hi: 103 })).toBeNull();
  });

  it('needs a large change when a side has a single sample', () => {
    expect(beyondNoise({ n: 1, lo: 100, mid: 100, hi: 100 }, { n: 1, lo: 120, mid: 120, hi: 120 })).toBeNull();
    expect(beyondNoise({ n: 1, lo: 100, mid: 100, hi: 100 }, { n: 3, lo: 140, mid: 150, hi: 160 })).toBeCloseTo(0.5);
  });

  it('calls a faster time and a higher throughput better, and compares ratios to their baselines', () => {
    const a = run([
      figure('draw', [1000, 1100, 1200], 'ms', [1000, 1000, 1000]),
      figure('ingest', [100, 110, 120], 'records/s', [200, 210, 220]),
      figure('gone', [1], 'ms'),
    ]);
    const b = run([
      figure('draw', [500, 520, 540], 'ms', [1000, 1010, 1020]),
      figure('ingest', [100, 111, 119], 'records/s', [100, 105, 110]),
      figure('new', [2], 'ms'),
    ]);
    const diffs = compareRuns(a, b);
    const by = new Map(diffs.map((d) => [d.key, d]));
    expect(by.get('b: draw')).toMatchObject({ what: 'figure', better: true });
    expect(by.get('b: draw')!.relative).toBeCloseTo(520 / 1100 - 1);
    // Ingest itself did not move; its baseline halved, so the ratio doubled: better.
    expect(by.has('b: ingest')).toBe(false);
    expect(by.get('b: ingest ÷ bare')).toMatchObject({ what: 'ratio', better: true });
    expect(by.get('b: ingest ÷ bare')!.b).toBeCloseTo(111 / 105);
    expect(by.get('b: draw ÷ bare')).toMatchObject({ what: 'ratio', better: true });
    expect(by.get('b: gone')?.what).toBe('only in A');
    expect(by.get('b: new')?.what).toBe('only in B');
    expect(formatDifference(by.get('b: draw')!)).toMatch(/1,100 → 520 \(-52\.7%, better\)/);
  });
});

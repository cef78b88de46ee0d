import { describe, expect, it } from 'vitest';
import { spreadRuns } from '../../electron/node/sync/plan.ts';
import { addDays, daysBetween } from '../../shared/util/day.ts';

const SPREAD = { minDays: 7, maxDays: 31 };
const run = (from: string, days: number): string[] => daysBetween(from, addDays(from, days - 1));

describe('spreadRuns: a run of missing days cut for concurrent queries', () => {
  it('cuts six months into pieces of at most a month, as many as a multiple of the lanes, in order, each day once', () => {
    const six = run('2026-05-20', 185);
    const pieces = spreadRuns([six], 4, SPREAD);
    // 185 days in 4 pieces would exceed 31 days each; the next multiple of 4 lanes is 8.
    expect(pieces).toHaveLength(8);
    expect(pieces.flat()).toEqual(six);
    for (const p of pieces) {
      expect(p.length).toBeGreaterThanOrEqual(23);
      expect(p.length).toBeLessThanOrEqual(24);
    }
  });

  it('uses every lane when each piece can still hold a week', () => {
    const pieces = spreadRuns([run('2026-10-01', 60)], 4, SPREAD);
    expect(pieces.map((p) => p.length)).toEqual([15, 15, 15, 15]);
  });

  it('leaves a run shorter than two weeks whole, and never joins separate runs', () => {
    const a = run('2026-11-01', 13);
    const b = run('2026-11-16', 5);
    expect(spreadRuns([a, b], 4, SPREAD)).toEqual([a, b]);
  });

  it('one lane: one piece a month at most', () => {
    const pieces = spreadRuns([run('2026-09-01', 62)], 1, SPREAD);
    expect(pieces.map((p) => p.length)).toEqual([31, 31]);
  });
});

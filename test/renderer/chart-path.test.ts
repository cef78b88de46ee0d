import { describe, expect, it } from 'vitest';
import { seriesPathD } from '../../renderer/src/features/review/chart-rows.ts';

/** 1 px per ms from 0, 100 - v: a value of 0 at y 100. */
const scale = { x: (ms: number) => ms, y: (v: number) => 100 - v };
const series = (t: number[], v: number[]) => ({ t: Float64Array.from(t), v: Float64Array.from(v) });

describe('seriesPathD', () => {
  it('draws a point per value, each stretch between gaps (NaN) a new move', () => {
    const d = seriesPathD(series([0, 10, 20, 25, 30, 40, 50], [5, 10, 20, NaN, 30, 40, NaN]), scale);
    expect(d).toBe('M0,95L10,90L20,80M30,70L40,60');
    expect(d.match(/M/g)).toHaveLength(2);
  });

  it('holds each value until the next time as steps', () => {
    expect(seriesPathD(series([0, 10, 30], [45, 65, 65]), scale, true)).toBe('M0,55H10V35H30V35');
  });

  it('draws nothing for no values or only gaps', () => {
    expect(seriesPathD(series([], []), scale)).toBe('');
    expect(seriesPathD(series([1, 2], [NaN, NaN]), scale)).toBe('');
  });

  it('rounds to a tenth of a pixel', () => {
    expect(seriesPathD(series([0.123, 1.26], [0, 0.04]), scale)).toBe('M0.1,100L1.3,100');
  });
});

import { describe, expect, it } from 'vitest';
import { comparisonCsv } from '../../shared/compare/csv.ts';
import { formatMetricValue } from '../../shared/compare/format.ts';
import { ratio } from '../../shared/compare/metrics.ts';
import { rankValues } from '../../shared/compare/rank.ts';
import { parseCsv } from '../../shared/export/csv.ts';
import { resolveCompareParams } from '../../shared/compare/params.ts';

describe('rankValues', () => {
  it('marks best and worst by direction among carriers with a value', () => {
    expect(rankValues([3, null, 1, 2], 'higher-is-better')).toEqual(['best', null, 'worst', null]);
    expect(rankValues([3, null, 1, 2], 'lower-is-better')).toEqual(['worst', null, 'best', null]);
  });
  it('ties: every carrier tied with the best (or worst) is marked; all tied marks nothing', () => {
    expect(rankValues([2, 5, 5, 2], 'higher-is-better')).toEqual(['worst', 'best', 'best', 'worst']);
    expect(rankValues([0.1 + 0.2, 0.3, 1], 'lower-is-better')).toEqual(['best', 'best', 'worst']);
    expect(rankValues([4, 4, 4], 'lower-is-better')).toEqual([null, null, null]);
  });
  it('one value, no values, non-finite values, or neutral: nothing marked', () => {
    expect(rankValues([null, 7], 'higher-is-better')).toEqual([null, null]);
    expect(rankValues([null, null], 'higher-is-better')).toEqual([null, null]);
    expect(rankValues([NaN, 1, Infinity, 2], 'higher-is-better')).toEqual([null, 'worst', null, 'best']);
    expect(rankValues([1, 2], 'neutral')).toEqual([null, null]);
  });
});

describe('formatting', () => {
  it('zero denominators become "—"', () => {
    expect(ratio(1, 0)).toBeNull();
    expect(ratio(0, 0)).toBeNull();
    expect(ratio(1, null)).toBeNull();
    expect(ratio(3, 4)).toBe(0.75);
    expect(formatMetricValue({ format: { kind: 'percent', decimals: 1 } }, null)).toBe('—');
    expect(formatMetricValue({ format: { kind: 'number', decimals: 2 } }, Infinity)).toBe('—');
    expect(formatMetricValue({ format: { kind: 'percent', decimals: 1 } }, 0.1234)).toBe('12.3%');
    expect(formatMetricValue({ format: { kind: 'number', decimals: 0 } }, 12345.6)).toBe('12,346');
  });
  it('the CSV parses back with one row per metric and the parameters', () => {
    const params = resolveCompareParams({ speedingThresholdMph: 65 });
    const csv = comparisonCsv({ range: { from: '2026-01-01', to: '2026-01-07' }, params, carriers: [] });
    const rows = parseCsv(csv);
    expect(rows[0]!.slice(0, 5)).toEqual(['section', 'metric_id', 'metric', 'unit', 'direction']);
    expect(rows.find((r) => r[1] === 'speedingThresholdMph')?.[5]).toBe('65');
  });
});

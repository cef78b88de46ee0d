import { describe, expect, it } from 'vitest';
import { GROUP_LABELS, METRICS, metricById } from '../../shared/compare/metrics.ts';
import { DEFAULT_COMPARE_PARAMS, PARAM_LABELS } from '../../shared/compare/params.ts';

describe('metric definitions agree with their formats and names', () => {
  it('gives every metric its own non-empty label and a group with a label', () => {
    const labels = METRICS.map((m) => m.label);
    expect(labels.every((l) => l.trim().length > 0)).toBe(true);
    expect(new Set(labels).size).toBe(METRICS.length);
    for (const m of METRICS) expect(GROUP_LABELS[m.group], m.id).toBeTruthy();
    const groups = Object.values(GROUP_LABELS);
    expect(groups.every((g) => g.trim().length > 0)).toBe(true);
    expect(new Set(groups).size).toBe(groups.length);
  });

  it('puts every percentage in %, and every other metric in miles, hours, events per 1,000 miles, or a plain count', () => {
    for (const m of METRICS) {
      if (m.format.kind === 'percent') expect(m.unit, m.id).toBe('%');
      else expect(['mi', 'h', '/1,000 mi', ''], m.id).toContain(m.unit);
    }
  });

  it('measures the metrics named after miles in mi and those named after hours in h', () => {
    for (const m of METRICS) {
      if (/miles|-mi\b/.test(m.id) && !m.id.includes('per-1000mi')) expect(m.unit, m.id).toBe('mi');
      if (m.id.includes('hours')) expect(m.unit, m.id).toBe('h');
    }
    expect(metricById('speeding-per-1000mi')?.unit).toBe('/1,000 mi');
  });

  it('states the 30-minute low-time rule (the Fleet flag) of its label in its definition', () => {
    const low = metricById('hos-low-latest')!;
    expect(low.label).toContain('< 30 min');
    expect(low.definition).toContain('less than 30 min of remaining drive or shift time');
  });

  it('finds a metric by its id, and nothing for an unknown id', () => {
    for (const m of METRICS) expect(metricById(m.id)).toBe(m);
    expect(metricById('no-such-metric')).toBeUndefined();
  });
});

describe('parameter labels', () => {
  it('labels every parameter once, in the unit its name says (…Mph: mph, …Seconds: s, …Miles: mi)', () => {
    expect(Object.keys(PARAM_LABELS).sort()).toEqual(Object.keys(DEFAULT_COMPARE_PARAMS).sort());
    const labels = Object.values(PARAM_LABELS).map((p) => p.label);
    expect(labels.every((l) => l.trim().length > 0)).toBe(true);
    expect(new Set(labels).size).toBe(labels.length);
    for (const [key, { unit }] of Object.entries(PARAM_LABELS)) {
      const expected = key.endsWith('Mph')
        ? 'mph'
        : key.endsWith('Seconds')
          ? 's'
          : key.endsWith('Miles')
            ? 'mi'
            : null;
      expect(unit, key).toBe(expected);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { LIMIT_SHOWN } from '../../shared/roads/limit-along.ts';
import { DEFAULT_TIERS } from '../../shared/roads/tiers.ts';
import { limitHoverAt, limitLegend, readingNear } from '../../renderer/src/features/review/limit-hover.ts';
import { nearestReading } from '../../renderer/src/map/RouteHover.tsx';
import type { LimitsInWindow } from '../../renderer/src/workers/analysis-protocol.ts';

const code = (s: (typeof LIMIT_SHOWN)[number]) => LIMIT_SHOWN.indexOf(s);

/** Five readings a minute apart: a posted interstate, a default street, a zone, an uncertain pair of roads, no road. */
const limits: LimitsInWindow = {
  line: { t: new Float64Array(0), v: new Float64Array(0) },
  t: Float64Array.from([0, 60_000, 120_000, 180_000, 240_000]),
  limitMph: Float64Array.from([65, 35, 10, NaN, NaN]),
  overMph: Float64Array.from([3, -5, 8, NaN, NaN]),
  shown: Uint8Array.from([code('posted'), code('default'), code('zone'), code('uncertain'), code('none')]),
  cls: new Uint8Array(5),
  road: Int32Array.from([0, 1, 2, 3, -1]),
  roads: ['I 95', '', 'North Yard', 'Old Road'],
  tiers: DEFAULT_TIERS,
};

describe('what hovering a reading says', () => {
  it('names the nearest reading’s road, limit and source', () => {
    expect(limitHoverAt(limits, 10_000, 30_000)).toBe('I 95 · 65 mph posted');
    expect(limitHoverAt(limits, 70_000, 30_000)).toBe('unnamed road · 35 mph default');
    expect(limitHoverAt(limits, 115_000, 30_000)).toBe('zone: North Yard · 10 mph');
    expect(limitHoverAt(limits, 181_000, 30_000)).toBe('Old Road · limit uncertain');
    expect(limitHoverAt(limits, 240_000, 30_000)).toBe('limit unknown');
  });

  it('says nothing where no reading is near enough', () => {
    expect(limitHoverAt(limits, 30_000, 20_000)).toBeNull();
    expect(limitHoverAt(limits, 400_000, 60_000)).toBeNull();
  });

  it('picks the nearer of the readings either side', () => {
    const t = Float64Array.from([0, 100, 200]);
    expect([
      readingNear(t, 49, 1000),
      readingNear(t, 51, 1000),
      readingNear(t, -5, 10),
      readingNear(t, 260, 10),
    ]).toEqual([0, 1, 0, -1]);
  });

  it('finds the reading nearest a point on the map, east-west distances shrunk by latitude', () => {
    // At 60°N a degree of longitude is half a degree of latitude: 0.3° east is nearer than 0.2° north.
    const track = { length: 2, lat: Float64Array.from([60.2, 60]), lng: Float64Array.from([10, 10.3]) };
    expect(nearestReading(track, 60, 10)).toBe(1);
    expect(nearestReading({ length: 0, lat: new Float64Array(0), lng: new Float64Array(0) }, 0, 0)).toBe(-1);
  });
});

describe('the route legend by mph over the limit', () => {
  it('says each class’s bounds from the tiers, under the limit first and no limit last', () => {
    expect(limitLegend(DEFAULT_TIERS).map((r) => `${r.cls}: ${r.label}`)).toEqual([
      'under: Under the limit',
      'within: 0–6 over',
      'light: 6–10 over (light)',
      'moderate: 11–15 over (moderate)',
      'heavy: 16–20 over (heavy)',
      'severe: 21+ over (severe)',
      'unknown: Limit unknown',
    ]);
  });

  it('follows a fleet’s own tolerance and tiers', () => {
    const tiers = [
      { tier: 'light', fromMph: 4 },
      { tier: 'moderate', fromMph: 8 },
      { tier: 'heavy', fromMph: 12 },
      { tier: 'severe', fromMph: 15 },
    ] as const;
    const labels = limitLegend(tiers).map((r) => r.label);
    expect(labels[1]).toBe('0–4 over');
    expect(labels[5]).toBe('15+ over (severe)');
  });
});

import { describe, expect, it } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import type { RoadLimits } from '../../shared/analysis/over-limit-events.ts';
import type { SafetyEventOf } from '../../shared/analysis/types.ts';
import {
  LIMIT_CLASSES,
  LIMIT_SHOWN,
  limitAlong,
  limitClassOf,
  limitHoverText,
} from '../../shared/roads/limit-along.ts';
import { METRES_PER_DEGREE } from '../../shared/roads/match-geometry.ts';
import { withoutOutliers } from '../../shared/track/outliers.ts';
import { parseSpeedZones } from '../../shared/roads/zones-parse.ts';
import { line, ORIGIN, planNetwork } from '../support/road-traces.ts';
import { generateTrack, toDayChunks, type Leg } from '../support/tracks.ts';

const START = Date.UTC(2026, 5, 1, 14);
const KX = Math.cos((ORIGIN.lat * Math.PI) / 180) * METRES_PER_DEGREE;
/** Metres east of the origin of a reading (the drives run due east along y = 0). */
const xOf = (lng: number) => (lng - ORIGIN.lng) * KX;

/**
 * A town street at 45 turning into an interstate at 65 at x = 3 km, then, from x = 9 km, two roads 8 m
 * apart at 55 and 35 that no reading can tell apart: limits known by construction.
 */
const index = planNetwork([
  { name: 'Main St', highway: 'primary', limitMph: 45, points: line([-1000, 0], [3000, 0], 250) },
  { ref: 'I 70', highway: 'motorway', limitMph: 65, points: line([3000, 0], [9000, 0], 250) },
  { name: 'Old Road', highway: 'primary', limitMph: 55, points: line([9000, -4], [13000, -4], 250) },
  { name: 'Mill Lane', highway: 'service', limitMph: 35, points: line([9000, 4], [13000, 4], 250) },
]);

/** 55 mph through town (10 over), 60 on the interstate (5 under), 40 between the twin roads; a reading every 10 s. */
const LEGS: Leg[] = [
  { kind: 'drive', minutes: 3000 / (55 * 26.8224), mph: 55, heading: 90, stepSeconds: 10 },
  { kind: 'drive', minutes: 6000 / (60 * 26.8224), mph: 60, heading: 90, stepSeconds: 10 },
  { kind: 'drive', minutes: 3900 / (40 * 26.8224), mph: 40, heading: 90, stepSeconds: 10 },
];

function day() {
  const points = generateTrack(LEGS, { startMs: START, startLat: ORIGIN.lat, startLng: ORIGIN.lng });
  const chunks = toDayChunks('TRK', points);
  expect(chunks).toHaveLength(1);
  return { chunk: withoutOutliers(chunks[0]!, 100).chunk, chunks };
}

/** Readings at least `margin` metres inside [from, to] (x, metres), moving. */
function between(chunk: ReturnType<typeof day>['chunk'], from: number, to: number, margin = 300): number[] {
  const out: number[] = [];
  for (let i = 0; i < chunk.length; i++) {
    const x = xOf(chunk.lng[i]!);
    if (chunk.speed[i]! > 0 && x >= from + margin && x <= to - margin) out.push(i);
  }
  return out;
}

describe('the limit along a day’s readings', () => {
  const roads: RoadLimits = { index };
  const { chunk, chunks } = day();
  const { along, index: named } = limitAlong(roads, chunk);
  const shown = (i: number) => LIMIT_SHOWN[along.shown[i]!];
  const cls = (i: number) => LIMIT_CLASSES[along.cls[i]!];

  it('gives the town street’s 45 posted, 10 over (light), then the interstate’s 65, 5 under', () => {
    const town = between(chunk, 0, 3000);
    const interstate = between(chunk, 3000, 9000);
    expect(town.length).toBeGreaterThan(5);
    expect(interstate.length).toBeGreaterThan(15);
    for (const i of town) {
      expect([along.limitMph[i], along.overMph[i], shown(i), cls(i)]).toEqual([45, 10, 'posted', 'light']);
      expect(named.ways[along.way[i]!]!.name).toBe('Main St');
    }
    for (const i of interstate) {
      expect([along.limitMph[i], along.overMph[i], shown(i), cls(i)]).toEqual([65, -5, 'posted', 'under']);
      expect(named.ways[along.way[i]!]!.ref).toBe('I 70');
    }
  });

  it('shows no limit between roads of 55 and 35 it cannot tell apart: uncertain, NaN, never a guess', () => {
    const twin = between(chunk, 9000, 13000);
    expect(twin.length).toBeGreaterThan(5);
    for (const i of twin) {
      expect(shown(i)).toBe('uncertain');
      expect(along.limitMph[i]).toBeNaN();
      expect(along.overMph[i]).toBeNaN();
      expect(cls(i)).toBe('unknown');
      expect(along.way[i]).toBeGreaterThanOrEqual(0);
    }
  });

  it('agrees with the day’s over-the-limit event: its readings at its limit, its peak’s mph over and tier', () => {
    const events = analyzeTrack(chunks, {}, roads).events.filter(
      (e): e is SafetyEventOf<'over-limit'> => e.kind === 'over-limit',
    );
    expect(events).toHaveLength(1);
    const ev = events[0]!;
    const inside = Array.from({ length: chunk.length }, (_, i) => i).filter(
      (i) => chunk.t[i]! >= ev.startMs && chunk.t[i]! <= ev.endMs,
    );
    expect(inside.length).toBeGreaterThan(1);
    for (const i of inside) expect(along.limitMph[i]).toBe(ev.limitMph);
    // The event's peak is the reading furthest over: its mph over and class are the event's.
    const peak = inside.reduce((a, b) => (along.overMph[b]! > along.overMph[a]! ? b : a));
    expect([along.overMph[peak], cls(peak)]).toEqual([ev.overMph, ev.tier]);
    // Every reading it calls over the tolerance, with a certain limit, lies within the event.
    for (let i = 0; i < chunk.length; i++)
      if (along.overMph[i]! >= 6) expect(chunk.t[i]! >= ev.startMs && chunk.t[i]! <= ev.endMs).toBe(true);
  });

  it('lets a zone win over the road: its limit, source and name', () => {
    const ring = [
      [ORIGIN.lng + 3500 / KX, ORIGIN.lat - 0.01],
      [ORIGIN.lng + 5000 / KX, ORIGIN.lat - 0.01],
      [ORIGIN.lng + 5000 / KX, ORIGIN.lat + 0.01],
      [ORIGIN.lng + 3500 / KX, ORIGIN.lat + 0.01],
      [ORIGIN.lng + 3500 / KX, ORIGIN.lat - 0.01],
    ];
    const parsed = parseSpeedZones(
      JSON.stringify({
        type: 'Feature',
        properties: { limit_mph: 45, name: 'Bridge works' },
        geometry: { type: 'Polygon', coordinates: [ring] },
      }),
    );
    if (!parsed.ok) throw new Error(parsed.reasons.join('; '));
    const zoned = limitAlong({ index, zones: parsed.zones }, chunk);
    const inZone = between(chunk, 3500, 5000, 1);
    expect(inZone.length).toBeGreaterThan(3);
    for (const i of inZone) {
      expect(LIMIT_SHOWN[zoned.along.shown[i]!]).toBe('zone');
      expect([zoned.along.limitMph[i], zoned.along.overMph[i]]).toEqual([45, 15]);
      expect(LIMIT_CLASSES[zoned.along.cls[i]!]).toBe('moderate');
      expect(zoned.index.ways[zoned.along.way[i]!]!.name).toBe('Bridge works');
    }
  });
});

describe('classes by mph over the limit', () => {
  it('splits under, within the tolerance and the tiers at their bounds', () => {
    const cases: [number, string][] = [
      [NaN, 'unknown'],
      [-0.1, 'under'],
      [0, 'within'],
      [5.9, 'within'],
      [6, 'light'],
      [10.9, 'light'],
      [11, 'moderate'],
      [16, 'heavy'],
      [21, 'severe'],
    ];
    for (const [over, want] of cases) expect([over, limitClassOf(over)]).toEqual([over, want]);
  });

  it('follows a fleet’s own tiers', () => {
    const tiers = [
      { tier: 'light', fromMph: 3 },
      { tier: 'moderate', fromMph: 5 },
      { tier: 'heavy', fromMph: 8 },
      { tier: 'severe', fromMph: 12 },
    ] as const;
    expect([2.9, 3, 7.9, 12].map((x) => limitClassOf(x, tiers))).toEqual(['within', 'light', 'moderate', 'severe']);
  });
});

describe('hover text of a reading’s road and limit', () => {
  it('names the road, the limit and where it came from', () => {
    expect(limitHoverText('I 95', 65, 'posted')).toBe('I 95 · 65 mph posted');
    expect(limitHoverText('Main St', 35, 'default')).toBe('Main St · 35 mph default');
    expect(limitHoverText('', 55, 'default')).toBe('unnamed road · 55 mph default');
    expect(limitHoverText('Yard', 10, 'zone')).toBe('zone: Yard · 10 mph');
    expect(limitHoverText('Old Road', NaN, 'uncertain')).toBe('Old Road · limit uncertain');
    expect(limitHoverText('Track 4', NaN, 'none')).toBe('Track 4 · limit unknown');
    expect(limitHoverText(null, NaN, 'none')).toBe('limit unknown');
  });
});

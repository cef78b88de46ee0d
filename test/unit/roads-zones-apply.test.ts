import { describe, expect, it } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import type { RoadLimits } from '../../shared/analysis/over-limit-events.ts';
import { kindRowOf } from '../../shared/analysis/event-kinds.ts';
import type { SafetyEventOf } from '../../shared/analysis/types.ts';
import { createRoadIndex } from '../../shared/roads/road-index.ts';
import type { SpeedZones } from '../../shared/roads/zones.ts';
import { parseSpeedZones } from '../../shared/roads/zones-parse.ts';
import { indexWithZones, overlayZones } from '../../shared/roads/zones-overlay.ts';
import { line, ORIGIN, planNetwork } from '../support/road-traces.ts';
import { generateTrack, toDayChunks, type Leg } from '../support/tracks.ts';

const START = Date.UTC(2026, 5, 1, 14);

/** Zones of one rectangle, west-east and south-north bounds in degrees. */
function rectangleZone(props: object, w: number, e: number, s: number, n: number): SpeedZones {
  const ring = [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ];
  const r = parseSpeedZones(
    JSON.stringify({ type: 'Feature', properties: props, geometry: { type: 'Polygon', coordinates: [ring] } }),
  );
  if (!r.ok) throw new Error(r.reasons.join('; '));
  return r.zones;
}

/** A drive due east from the origin, one reading every 10 s, and its over-limit events. */
function drive(legs: Leg[], roads: RoadLimits) {
  const points = generateTrack(legs, { startMs: START, startLat: ORIGIN.lat, startLng: ORIGIN.lng });
  const events = analyzeTrack(toDayChunks('TRK', points), {}, roads).events.filter(
    (e): e is SafetyEventOf<'over-limit'> => e.kind === 'over-limit',
  );
  return { points, events };
}

/** The readings inside [w, e] of longitude while moving, by their own coordinates. */
function movingWithin(points: ReturnType<typeof generateTrack>, w: number, e: number) {
  return points.filter((p) => p.speed > 0 && p.lng >= w && p.lng <= e);
}

describe('speed zones judge the readings inside them', () => {
  it('finds a truck at 18 mph through a 10 mph yard with no road: one event, the zone’s limit, source and name', () => {
    const [w, e] = [ORIGIN.lng + 0.004, ORIGIN.lng + 0.012];
    const zones = rectangleZone({ maxspeed: '10 mph', name: 'North Yard' }, w, e, ORIGIN.lat - 0.01, ORIGIN.lat + 0.01);
    const legs: Leg[] = [
      { kind: 'stop', minutes: 5 },
      { kind: 'drive', minutes: 8, mph: 18, heading: 90, stepSeconds: 10 },
    ];
    const { points, events } = drive(legs, { index: createRoadIndex([], []), zones });
    const inside = movingWithin(points, w, e);
    expect(inside.length).toBeGreaterThan(6);
    expect(events).toHaveLength(1);
    const ev = events[0]!;
    expect([ev.startMs, ev.endMs]).toEqual([inside[0]!.t, inside[inside.length - 1]!.t]);
    expect(ev).toMatchObject({ limitMph: 10, limitSource: 'zone', road: 'North Yard', wayId: 0, overMph: 8 });
    expect(ev.tier).toBe('light');
    expect(kindRowOf(ev).reviewDetail(ev)).toContain('North Yard (speed zone)');
  });

  it('judges nothing outside the zones when only zones are given', () => {
    const zones = rectangleZone({ limit_mph: 10 }, ORIGIN.lng + 1, ORIGIN.lng + 2, ORIGIN.lat - 1, ORIGIN.lat + 1);
    const legs: Leg[] = [{ kind: 'drive', minutes: 8, mph: 70, heading: 90, stepSeconds: 10 }];
    expect(drive(legs, { index: createRoadIndex([], []), zones }).events).toEqual([]);
  });

  describe('a work zone at 45 over a posted 65 interstate', () => {
    // The interstate runs due east from the origin for 20 km; the truck drives it at 55 mph.
    const index = planNetwork([
      { ref: 'I 70', highway: 'motorway', limitMph: 65, points: line([-1000, 0], [20_000, 0], 200) },
    ]);
    const legs: Leg[] = [{ kind: 'drive', minutes: 10, mph: 55, heading: 90, stepSeconds: 10 }];
    const [w, e] = [ORIGIN.lng + 0.03, ORIGIN.lng + 0.08];
    const zones = rectangleZone({ limit_mph: 45, name: 'Bridge works' }, w, e, ORIGIN.lat - 0.01, ORIGIN.lat + 0.01);

    it('is no event on the road’s own limit', () => {
      expect(drive(legs, { index }).events).toEqual([]);
    });

    it('judges the readings inside the zone at its limit, certain, and names the zone', () => {
      const { points, events } = drive(legs, { index, zones });
      const inside = movingWithin(points, w, e);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        startMs: inside[0]!.t,
        endMs: inside[inside.length - 1]!.t,
        limitMph: 45,
        limitSource: 'zone',
        road: 'Bridge works',
        overMph: 10,
        tier: 'light',
      });
    });
  });
});

describe('overlayZones', () => {
  it('takes over readings inside a zone, uncertain or on no road alike, and leaves the rest and the input as they were', () => {
    const index = planNetwork([{ highway: 'primary', limitMph: 55, points: line([0, 0], [1000, 0], 100) }]);
    const zones = rectangleZone({ limit_mph: 10, name: 'Yard' }, -1, 1, -1, 1);
    const match = {
      length: 3,
      way: Int32Array.from([0, -1, 0]),
      dir: Int8Array.from([1, 0, 1]),
      limitMph: Float64Array.from([55, NaN, 55]),
      source: ['posted' as const, 'none' as const, 'posted' as const],
      certain: [false, false, true],
      confidence: Float64Array.from([0.6, 0, 1]),
    };
    const readings = { length: 3, lat: [0.5, 0.5, 5], lng: [0.5, -0.5, 5] };
    const out = overlayZones(index, zones, readings, match);
    const joined = indexWithZones(index, zones);
    expect(Array.from(out.way)).toEqual([1, 1, 0]);
    expect(joined.ways[1]).toMatchObject({ wayId: 0, name: 'Yard', source: 'zone', forwardMph: 10, backwardMph: 10 });
    expect(Array.from(out.limitMph)).toEqual([10, 10, 55]);
    expect(out.source).toEqual(['zone', 'zone', 'posted']);
    expect(out.certain).toEqual([true, true, true]);
    expect(match.certain).toEqual([false, false, true]);
    expect(indexWithZones(index, zones)).toBe(joined);
  });
});

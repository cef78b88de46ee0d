import { describe, expect, it } from 'vitest';
import type { RoadLimits } from '../../shared/analysis/over-limit-events.ts';
import { dayRoadMatch, limitAlong, MATCHES_BY_READINGS, sameReadings } from '../../shared/roads/limit-along.ts';
import { line, ORIGIN, planNetwork } from '../support/road-traces.ts';
import { generateTrack, toDayChunks, type Leg } from '../support/tracks.ts';
import type { DayChunk } from '../../shared/track/types.ts';

/** A street at 45 then an interstate at 65 from x = 3 km (limits known by construction). */
const index = planNetwork([
  { name: 'Main St', highway: 'primary', limitMph: 45, points: line([-1000, 0], [3000, 0], 250) },
  { ref: 'I 70', highway: 'motorway', limitMph: 65, points: line([3000, 0], [9000, 0], 250) },
]);
const LEGS: Leg[] = [{ kind: 'drive', minutes: 8000 / (50 * 26.8224), mph: 50, heading: 90, stepSeconds: 10 }];

function dayAt(startMs: number): DayChunk {
  const chunks = toDayChunks('TRK', generateTrack(LEGS, { startMs, startLat: ORIGIN.lat, startLng: ORIGIN.lng }));
  return chunks[0]!;
}

/** The same readings as new objects: what reading a stored day again gives. */
function readAgain(day: DayChunk): DayChunk {
  return {
    ...day,
    t: day.t.slice(),
    lat: day.lat.slice(),
    lng: day.lng.slice(),
    speed: day.speed.slice(),
    direction: day.direction.slice(),
  };
}

describe('a day’s road match kept by its readings', () => {
  const day = dayAt(Date.UTC(2026, 5, 1, 14));

  it('is reused for the same readings read again as new objects', () => {
    const roads: RoadLimits = { index };
    const first = dayRoadMatch(roads, day);
    const again = readAgain(day);
    expect(again).not.toBe(day);
    expect(dayRoadMatch(roads, again)).toBe(first);
    expect(Array.from(limitAlong(roads, again).along.limitMph)).toEqual(
      Array.from(limitAlong(roads, day).along.limitMph),
    );
  });

  it('is never reused when a reading differs, though its day, count and ends are the same', () => {
    const roads: RoadLimits = { index };
    const first = dayRoadMatch(roads, day);
    const moved = readAgain(day);
    const mid = day.length >> 1;
    moved.speed[mid] = day.speed[mid]! + 1;
    const other = dayRoadMatch(roads, moved);
    expect(other).not.toBe(first);
    // Judged on its own readings: exactly what limits with nothing kept give.
    expect(Array.from(other.match.way)).toEqual(Array.from(dayRoadMatch({ index }, moved).match.way));
  });

  it('is kept per road limits: other limits match again', () => {
    const a = dayRoadMatch({ index }, day);
    expect(dayRoadMatch({ index }, readAgain(day))).not.toBe(a);
  });

  it('keeps the most recent days only, so six months read again and again stay bounded', () => {
    const roads: RoadLimits = { index };
    const days = Array.from({ length: MATCHES_BY_READINGS + 1 }, (_, k) =>
      dayAt(Date.UTC(2026, 0, 1) + k * 86_400_000),
    );
    const oldest = dayRoadMatch(roads, days[0]!);
    const next = dayRoadMatch(roads, days[1]!);
    for (const d of days.slice(2)) dayRoadMatch(roads, d);
    // One day more than are kept: the oldest is gone, the one matched after it still kept.
    expect(dayRoadMatch(roads, readAgain(days[1]!))).toBe(next);
    expect(dayRoadMatch(roads, readAgain(days[0]!))).not.toBe(oldest);
  });
});

describe('sameReadings', () => {
  const day = dayAt(Date.UTC(2026, 5, 2, 14));

  it('holds for equal values, an unknown (NaN) equal to an unknown', () => {
    const a = readAgain(day);
    const b = readAgain(day);
    a.direction[3] = NaN;
    b.direction[3] = NaN;
    expect(sameReadings(a, b)).toBe(true);
  });

  it.each(['t', 'lat', 'lng', 'speed', 'direction'] as const)('fails when one %s differs', (field) => {
    const b = readAgain(day);
    b[field][day.length - 2] = NaN;
    expect(sameReadings(day, b)).toBe(false);
  });

  it('fails for another count of readings', () => {
    expect(sameReadings(day, { ...day, length: day.length - 1 })).toBe(false);
  });
});

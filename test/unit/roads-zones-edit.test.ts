import { describe, expect, it } from 'vitest';
import { zoneAt } from '../../shared/roads/zones.ts';
import {
  outlineProblem,
  withZoneAdded,
  withZoneRemoved,
  zoneFieldsProblem,
  type DrawnZone,
} from '../../shared/roads/zones-edit.ts';
import { parseSpeedZones } from '../../shared/roads/zones-parse.ts';

const yard: DrawnZone = {
  name: 'North yard',
  limitMph: 10,
  corners: [
    [-76.62, 39.3],
    [-76.61, 39.3],
    [-76.61, 39.31],
    [-76.62, 39.31],
  ],
};

function kept(text: string) {
  const r = parseSpeedZones(text);
  if (!r.ok) throw new Error(r.reasons.join('; '));
  return r.zones;
}

describe('withZoneAdded', () => {
  it('writes a zone the parser reads back with its name and limit, covering what was drawn', () => {
    const r = withZoneAdded(null, yard);
    expect(r.ok).toBe(true);
    const zones = kept((r as { geojson: string }).geojson);
    expect(zones.zones).toHaveLength(1);
    expect(zones.zones[0]).toMatchObject({ name: 'North yard', limitMph: 10, limitText: '10 mph', feature: 0 });
    expect(zoneAt(zones, 39.305, -76.615)?.name).toBe('North yard');
    expect(zoneAt(zones, 39.305, -76.605)).toBeNull();
  });

  it('keeps the zones already in the file, an imported one’s other properties included, and winds either way', () => {
    const imported = JSON.stringify({
      type: 'Feature',
      properties: { name: 'School', limit_mph: 15, district: 'Canton' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-76.6, 39.28],
            [-76.59, 39.28],
            [-76.59, 39.29],
            [-76.6, 39.28],
          ],
        ],
      },
    });
    const clockwise = { ...yard, corners: [...yard.corners].reverse() };
    const r = withZoneAdded(imported, clockwise);
    expect(r.ok).toBe(true);
    const text = (r as { geojson: string }).geojson;
    expect(kept(text).zones.map((z) => z.name)).toEqual(['School', 'North yard']);
    expect(JSON.parse(text).features[0].properties.district).toBe('Canton');
    expect(zoneAt(kept(text), 39.305, -76.615)?.name).toBe('North yard');
  });

  it('refuses an outline of two corners, one crossing itself, one off the globe, and bad fields, saying which', () => {
    const bow: DrawnZone = {
      ...yard,
      corners: [yard.corners[0]!, yard.corners[2]!, yard.corners[1]!, yard.corners[3]!],
    };
    expect(withZoneAdded(null, { ...yard, corners: yard.corners.slice(0, 2) })).toEqual({
      ok: false,
      message: 'An outline needs at least three corners.',
    });
    expect(outlineProblem(bow.corners)).toMatch(/crosses itself/);
    expect(
      outlineProblem([
        [0, 0],
        [200, 0],
        [0, 1],
      ]),
    ).toMatch(/off the globe/);
    expect(
      outlineProblem([
        [0, 0],
        [1, 1],
        [2, 2],
      ]),
    ).toMatch(/no area/);
    expect(zoneFieldsProblem('', 10)).toMatch(/name/);
    expect(zoneFieldsProblem('Yard', 0)).toMatch(/1 to 100/);
    expect(zoneFieldsProblem('Yard', 12.5)).toMatch(/whole number/);
    expect(zoneFieldsProblem('Yard\u0007', 10)).toMatch(/control/);
    expect(zoneFieldsProblem('Yard', 10)).toBeNull();
  });
});

describe('withZoneRemoved', () => {
  it('removes the zone by its place in the file, and leaves no file when none is left', () => {
    const one = (withZoneAdded(null, yard) as { geojson: string }).geojson;
    const two = (withZoneAdded(one, { ...yard, name: 'South yard' }) as { geojson: string }).geojson;
    expect(kept(withZoneRemoved(two, 0)!).zones.map((z) => z.name)).toEqual(['South yard']);
    expect(withZoneRemoved(one, 0)).toBeNull();
    expect(() => withZoneRemoved(one, 3)).toThrow(/no zone 3/);
  });
});

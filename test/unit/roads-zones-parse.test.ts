import { describe, expect, it } from 'vitest';
import { zoneAt, type SpeedZones } from '../../shared/roads/zones.ts';
import { parseSpeedZones, ZONE_FILE_LIMITS } from '../../shared/roads/zones-parse.ts';

type Ring = unknown[][];
/** A closed rectangle ring, [lng, lat] positions, counter-clockwise. */
const box = (w: number, s: number, e: number, n: number): Ring => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];
const polygon = (props: object, ...rings: Ring[]) => ({
  type: 'Feature',
  properties: props,
  geometry: { type: 'Polygon', coordinates: rings },
});
const fc = (...features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });

function zonesOf(text: string): SpeedZones {
  const r = parseSpeedZones(text);
  if (!r.ok) throw new Error(r.reasons.join('; '));
  return r.zones;
}
function reasonsOf(text: string): string[] {
  const r = parseSpeedZones(text);
  if (r.ok) throw new Error('expected a refusal');
  return r.reasons;
}

describe('speed zones: reading the limit', () => {
  it('reads maxspeed with its unit and limit_mph, keeps the text and name', () => {
    const z = zonesOf(
      fc(
        polygon({ maxspeed: '10 mph', name: 'North Yard' }, box(0, 0, 1, 1)),
        polygon({ maxspeed: '30 km/h' }, box(2, 0, 3, 1)),
        polygon({ limit_mph: 25, name: '  School  ' }, box(4, 0, 5, 1)),
      ),
    ).zones;
    expect(z.map((x) => [x.name, x.limitText])).toEqual([
      ['North Yard', '10 mph'],
      ['', '30 km/h'],
      ['School', '25 mph'],
    ]);
    expect(z[0]!.limitMph).toBe(10);
    expect(z[1]!.limitMph).toBeCloseTo(30 / 1.609344, 6);
    expect(z[2]!.limitMph).toBe(25);
  });

  it('reads a single Feature as a file of one zone', () => {
    const z = zonesOf(JSON.stringify(polygon({ limit_mph: 10 }, box(0, 0, 1, 1))));
    expect(zoneAt(z, 0.5, 0.5)?.limitMph).toBe(10);
  });
});

describe('speed zones: where a point falls', () => {
  it('honours holes: a point in the hole is outside the zone, around it inside', () => {
    const z = zonesOf(fc(polygon({ limit_mph: 15 }, box(0, 0, 10, 10), box(4, 4, 6, 6))));
    expect(zoneAt(z, 5, 5)).toBeNull();
    expect(zoneAt(z, 2, 2)?.limitMph).toBe(15);
    expect(zoneAt(z, 5, 8)?.limitMph).toBe(15);
    expect(zoneAt(z, 5, 11)).toBeNull();
  });

  it('reads every polygon of a MultiPolygon, and nothing between them', () => {
    const multi = {
      type: 'Feature',
      properties: { maxspeed: '5 mph', name: 'Docks' },
      geometry: { type: 'MultiPolygon', coordinates: [[box(0, 0, 1, 1)], [box(3, 0, 4, 1)]] },
    };
    const z = zonesOf(fc(multi));
    expect(zoneAt(z, 0.5, 0.5)?.name).toBe('Docks');
    expect(zoneAt(z, 0.5, 3.5)?.name).toBe('Docks');
    expect(zoneAt(z, 0.5, 2)).toBeNull();
  });

  it('closes a ring left open, giving the same zone as the closed ring', () => {
    const open = box(0, 0, 2, 1).slice(0, 4);
    const a = zonesOf(fc(polygon({ limit_mph: 10 }, open)));
    const b = zonesOf(fc(polygon({ limit_mph: 10 }, box(0, 0, 2, 1))));
    expect(Array.from(a.zones[0]!.polygons[0]![0]!)).toEqual(Array.from(b.zones[0]!.polygons[0]![0]!));
    expect(zoneAt(a, 0.5, 1.5)?.limitMph).toBe(10);
  });

  it('tests a non-convex ring by its shape, not its box', () => {
    // An L: the notch at the top right is inside the box, outside the zone.
    const ell = [
      [0, 0],
      [2, 0],
      [2, 1],
      [1, 1],
      [1, 2],
      [0, 2],
      [0, 0],
    ];
    const z = zonesOf(fc(polygon({ limit_mph: 10 }, ell)));
    expect(zoneAt(z, 0.5, 1.5)?.limitMph).toBe(10);
    expect(zoneAt(z, 1.5, 1.5)).toBeNull();
  });

  it('gives the lowest limit where zones overlap, whatever their order in the file; equal limits: the first', () => {
    const city = polygon({ limit_mph: 25, name: 'Site' }, box(0, 0, 10, 10));
    const yard = polygon({ limit_mph: 10, name: 'Yard' }, box(2, 2, 3, 3));
    for (const text of [fc(city, yard), fc(yard, city)]) {
      const z = zonesOf(text);
      expect(zoneAt(z, 2.5, 2.5)?.name).toBe('Yard');
      expect(zoneAt(z, 5, 5)?.name).toBe('Site');
    }
    const twins = zonesOf(
      fc(
        polygon({ limit_mph: 10, name: 'A' }, box(0, 0, 2, 2)),
        polygon({ limit_mph: 10, name: 'B' }, box(1, 1, 3, 3)),
      ),
    );
    expect(zoneAt(twins, 1.5, 1.5)?.name).toBe('A');
    expect(zoneAt(twins, 2.5, 2.5)?.name).toBe('B');
  });
});

describe('speed zones: every refusal names the feature and why; one bad feature refuses the file', () => {
  const ok = box(0, 0, 1, 1);
  const cases: [string, unknown, RegExp][] = [
    ['no limit', polygon({ name: 'x' }, ok), /features\[1\] has no limit: give maxspeed/],
    [
      'both limits',
      polygon({ limit_mph: 10, maxspeed: '10 mph' }, ok),
      /features\[1\] has both maxspeed and limit_mph/,
    ],
    ['limit_mph as text', polygon({ limit_mph: '10' }, ok), /features\[1\] has limit_mph "10": a number above 0/],
    ['limit_mph zero', polygon({ limit_mph: 0 }, ok), /features\[1\] has limit_mph 0/],
    ['limit_mph too high', polygon({ limit_mph: 150 }, ok), /features\[1\] has limit_mph 150/],
    [
      'bare number text',
      polygon({ maxspeed: '30' }, ok),
      /features\[1\] has maxspeed "30" without a unit: write "30 mph" or "30 km\/h"/,
    ],
    ['bare number', polygon({ maxspeed: 30 }, ok), /features\[1\] has maxspeed 30 without a unit/],
    ['unreadable', polygon({ maxspeed: 'fast' }, ok), /features\[1\] has maxspeed "fast": not a speed OSM defines/],
    ['no number', polygon({ maxspeed: 'none' }, ok), /features\[1\] has maxspeed "none": not a number with a unit/],
    [
      'zone code',
      polygon({ maxspeed: 'DE:urban' }, ok),
      /features\[1\] has maxspeed "DE:urban": not a number with a unit/,
    ],
    [
      'out of range',
      polygon({ maxspeed: '300 mph' }, ok),
      /features\[1\] has maxspeed "300 mph": zero, negative or above 100 mph/,
    ],
    ['name not text', polygon({ limit_mph: 10, name: 5 }, ok), /features\[1\] has a name that is not text/],
    [
      'name control',
      polygon({ limit_mph: 10, name: 'a\u001b[31m' }, ok),
      /features\[1\] has a name with control characters/,
    ],
    ['name long', polygon({ limit_mph: 10, name: 'n'.repeat(201) }, ok), /features\[1\] has a name longer than 200/],
    ['not a feature', { type: 'Polygon', coordinates: [ok] }, /features\[1\] is not a Feature/],
    [
      'no geometry',
      { type: 'Feature', properties: { limit_mph: 10 }, geometry: null },
      /features\[1\] has no geometry/,
    ],
    [
      'a line',
      { type: 'Feature', properties: { limit_mph: 10 }, geometry: { type: 'LineString', coordinates: ok } },
      /features\[1\] is a "LineString" geometry, not a Polygon or MultiPolygon/,
    ],
    [
      'text position',
      polygon({ limit_mph: 10 }, [
        [0, 0],
        ['1', 0],
        [1, 1],
        [0, 0],
      ]),
      /features\[1\] ring 0 position 1 is not \[longitude, latitude\]/,
    ],
    [
      'off the globe',
      polygon({ limit_mph: 10 }, box(0, 0, 200, 1)),
      /features\[1\] ring 0 position 1 \[200, 0\] is off the globe/,
    ],
    [
      'latitude past the pole',
      polygon({ limit_mph: 10 }, box(0, 0, 1, 95)),
      /features\[1\] ring 0 position 2 \[1, 95\] is off the globe/,
    ],
    [
      'two corners',
      polygon({ limit_mph: 10 }, [
        [0, 0],
        [1, 1],
        [0, 0],
      ]),
      /features\[1\] ring 0 has fewer than 3 corners/,
    ],
    [
      'no area',
      polygon({ limit_mph: 10 }, [
        [0, 0],
        [1, 1],
        [2, 2],
        [0, 0],
      ]),
      /features\[1\] ring 0 has no area/,
    ],
    [
      'antimeridian',
      polygon({ limit_mph: 10 }, box(-179, 0, 179, 1)),
      /features\[1\] ring 0 spans more than 180° of longitude/,
    ],
    [
      'bad hole',
      polygon({ limit_mph: 10 }, box(0, 0, 4, 4), [
        [1, 1],
        [2, 2],
        [1, 1],
      ]),
      /features\[1\] ring 1 has fewer than 3 corners/,
    ],
    [
      'bad polygon of many',
      {
        type: 'Feature',
        properties: { limit_mph: 10 },
        geometry: { type: 'MultiPolygon', coordinates: [[ok], [[[0, 0]]]] },
      },
      /features\[1\] polygon 1, ring 0 has fewer than 3 corners/,
    ],
  ];
  it.each(cases)('%s', (_, bad, reason) => {
    const reasons = reasonsOf(fc(polygon({ limit_mph: 10, name: 'Good' }, ok), bad));
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toMatch(reason);
  });

  it('refuses a file that is not a collection of features, empty, or past its bounds', () => {
    expect(reasonsOf('{"type":')).toEqual([expect.stringMatching(/^the file is not JSON/)]);
    expect(reasonsOf('[]')).toEqual(['the file is not a GeoJSON object']);
    expect(reasonsOf('{"type":"Polygon","coordinates":[]}')).toEqual([
      'the file is a "Polygon", not a FeatureCollection or Feature',
    ]);
    expect(reasonsOf('{"type":"FeatureCollection"}')).toEqual(['the file has no "features" array']);
    expect(reasonsOf(fc())).toEqual(['the file has no features']);
    const many = Array.from({ length: ZONE_FILE_LIMITS.maxFeatures + 1 }, () => ({}));
    expect(reasonsOf(fc(...many))).toEqual([`the file has ${many.length} features, more than 10000`]);
    expect(reasonsOf(' '.repeat(ZONE_FILE_LIMITS.maxChars + 1))).toEqual(['the file is larger than 5 MB of text']);
    const huge = Array.from({ length: ZONE_FILE_LIMITS.maxVertices + 1 }, () => [0, 0]);
    expect(reasonsOf(fc(polygon({ limit_mph: 10 }, huge)))).toEqual(['the file has more than 500000 vertices in all']);
  });

  it('lists every bad feature up to a bound, then counts the rest', () => {
    const bad = Array.from({ length: 25 }, () => polygon({}, box(0, 0, 1, 1)));
    const reasons = reasonsOf(fc(...bad));
    expect(reasons).toHaveLength(ZONE_FILE_LIMITS.maxReasonsListed + 1);
    expect(reasons[19]).toMatch(/^features\[19\] has no limit/);
    expect(reasons[20]).toBe('and 5 more');
  });
});

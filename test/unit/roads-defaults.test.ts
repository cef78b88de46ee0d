import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HIGHWAY_GROUP, LEGAL_DEFAULTS, legalDefault, toMph } from '../../shared/roads/defaults.ts';
import { CAP_BORDER_MARGIN_KM, jurisdictionAt, nearOutlineEdge } from '../../shared/roads/jurisdictions.ts';
import { wayLimit } from '../../shared/roads/way-limit.ts';

const KMH = 1 / 1.609344;

describe('jurisdictionAt', () => {
  it.each([
    ['Baltimore', 39.29, -76.61, 'US-MD'],
    ['Bayreuth', 49.95, 11.58, 'DE'],
    ['Munich', 48.14, 11.58, 'DE'],
    ['Hamburg', 53.55, 10.0, 'DE'],
    ['Andorra la Vella', 42.507, 1.521, 'AD'],
    ['Sacramento', 38.58, -121.49, 'US-CA'],
    ['Los Angeles', 34.05, -118.24, 'US-CA'],
    ['Portland, Oregon', 45.52, -122.68, 'US-OR'],
    ['Seattle', 47.61, -122.33, 'US-WA'],
    ['Spokane', 47.66, -117.43, 'US-WA'],
    ['Detroit', 42.33, -83.05, 'US-MI'],
    ['Marquette, Michigan', 46.55, -87.4, 'US-MI'],
    ['Indianapolis', 39.77, -86.16, 'US-IN'],
    ['Boise', 43.62, -116.2, 'US-ID'],
    ['Helena', 46.59, -112.04, 'US-MT'],
  ])('places %s', (_, lat, lng, id) => expect(jurisdictionAt(lat, lng)).toBe(id));

  it.each([
    ['Paris', 48.86, 2.35],
    ['Toronto', 43.65, -79.38],
    ['Chicago', 41.88, -87.63],
    ['Barcelona', 41.39, 2.17],
    ['Reno, Nevada', 39.53, -119.81],
  ])('knows no jurisdiction at %s (no default is ever guessed there)', (_, lat, lng) =>
    expect(jurisdictionAt(lat, lng)).toBeNull(),
  );
});

describe('LEGAL_DEFAULTS', () => {
  it('has one row per jurisdiction and road group, each with a source', () => {
    const keys = LEGAL_DEFAULTS.map((d) => `${d.jurisdiction} ${d.group}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const d of LEGAL_DEFAULTS) expect(d.source.length).toBeGreaterThan(10);
  });

  it('is listed row for row, with its sources, in docs/analysis.md', () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, '../../docs/analysis.md'), 'utf8');
    for (const d of LEGAL_DEFAULTS)
      expect(doc).toContain(
        `| ${d.jurisdiction} | ${d.group} | ${d.value} ${d.unit} | ${d.capsPosted ? 'cap' : ''} | ${d.source} |`,
      );
  });

  it('gives US rows in mph and the others in km/h', () => {
    for (const d of LEGAL_DEFAULTS) expect(d.unit).toBe(d.jurisdiction.startsWith('US') ? 'mph' : 'km/h');
  });

  it('holds the truck limits that differ from cars', () => {
    expect(legalDefault('DE', 'motorway')).toMatchObject({ value: 80, unit: 'km/h' });
    expect(legalDefault('DE', 'rural')).toMatchObject({ value: 60 });
    expect(legalDefault('DE', 'urban')).toMatchObject({ value: 50 });
    expect(legalDefault('US-CA', 'motorway')).toMatchObject({ value: 55, unit: 'mph' });
    expect(legalDefault('US-WA', 'motorway')).toMatchObject({ value: 60 });
    expect(legalDefault('US', 'motorway')).toBeNull();
    expect(legalDefault(null, 'motorway')).toBeNull();
  });

  it('groups every link with its road', () => {
    for (const [highway, group] of Object.entries(HIGHWAY_GROUP))
      if (highway.endsWith('_link')) expect(group).toBe(HIGHWAY_GROUP[highway.slice(0, -5)]);
  });
});

describe('wayLimit (heavy goods vehicle)', () => {
  it('gives a German motorway tagged "none" the HGV default of 80 km/h, as a default', () => {
    const l = wayLimit({ highway: 'motorway', maxspeed: 'none' }, 'DE');
    expect(l.forwardMph).toBeCloseTo(80 * KMH, 9);
    expect(l.source).toBe('default');
    expect(l.limitText).toContain('none');
  });

  it('treats motorroad=yes as a motorway, and an untagged German residential road as urban', () => {
    expect(wayLimit({ highway: 'trunk', motorroad: 'yes' }, 'DE').forwardMph).toBeCloseTo(80 * KMH, 9);
    expect(wayLimit({ highway: 'trunk' }, 'DE').forwardMph).toBeCloseTo(60 * KMH, 9);
    expect(wayLimit({ highway: 'residential' }, 'DE')).toMatchObject({ source: 'default' });
    expect(wayLimit({ highway: 'residential' }, 'DE').forwardMph).toBeCloseTo(50 * KMH, 9);
  });

  it('prefers truck tags over general ones, directional over both-ways', () => {
    expect(wayLimit({ highway: 'primary', maxspeed: '100', 'maxspeed:hgv': '60' }, 'DE').forwardMph).toBeCloseTo(
      60 * KMH,
      9,
    );
    expect(wayLimit({ highway: 'primary', maxspeed: '100', 'maxspeed:goods': '70' }, 'DE').forwardMph).toBeCloseTo(
      70 * KMH,
      9,
    );
    const l = wayLimit(
      { highway: 'primary', maxspeed: '100', 'maxspeed:hgv': '80', 'maxspeed:hgv:backward': '60' },
      'DE',
    );
    expect(l.forwardMph).toBeCloseTo(80 * KMH, 9);
    expect(l.backwardMph).toBeCloseTo(60 * KMH, 9);
    expect(l.source).toBe('posted');
  });

  it('keeps a bare number on a US road out (no limit, not the default) and reports why', () => {
    const l = wayLimit({ highway: 'residential', maxspeed: '40' }, 'US-MD');
    expect(l.forwardMph).toBeNaN();
    expect(l.source).toBe('none');
    expect(l.refused).toEqual([{ key: 'maxspeed', value: '40', reason: 'bare number on a US road' }]);
  });

  it('reads the same bare number as km/h outside the US', () => {
    expect(wayLimit({ highway: 'residential', maxspeed: '40' }, 'DE').forwardMph).toBeCloseTo(40 * KMH, 9);
  });

  it('applies a weight condition for the truck and keeps a wet one as text', () => {
    const weight = wayLimit({ highway: 'primary', maxspeed: '100', 'maxspeed:conditional': '80 @ (weight>7.5)' }, 'DE');
    expect(weight.forwardMph).toBeCloseTo(80 * KMH, 9);
    expect(weight.conditional).toBe('');
    const wet = wayLimit({ highway: 'motorway', maxspeed: '90', 'maxspeed:conditional': '80@(wet)' }, 'AD');
    expect(wet.forwardMph).toBeCloseTo(90 * KMH, 9);
    expect(wet.conditional).toBe('80@(wet)');
  });

  it("caps a posted limit for all vehicles at the truck's own legal maximum, never a truck's own sign", () => {
    const signed120 = wayLimit({ highway: 'motorway', maxspeed: '120' }, 'DE');
    expect(signed120.forwardMph).toBeCloseTo(80 * KMH, 9);
    expect(signed120.source).toBe('default');
    expect(signed120.limitText).toBe('120 posted; DE motorway HGV maximum 80 km/h');
    // Under the maximum the sign binds, and stays "posted".
    expect(wayLimit({ highway: 'motorway', maxspeed: '60' }, 'DE')).toMatchObject({ source: 'posted' });
    // A California freeway signed 70 binds a truck at 55 (CVC §22406); a truck sign is the truck's limit.
    expect(wayLimit({ highway: 'motorway', maxspeed: '70 mph' }, 'US-CA').forwardMph).toBe(55);
    expect(wayLimit({ highway: 'motorway', maxspeed: '70 mph', 'maxspeed:hgv': '60 mph' }, 'US-CA')).toMatchObject({
      forwardMph: 60,
      source: 'posted',
    });
    // Maryland's defaults are the same for cars and trucks: a sign above them is the truck's limit.
    expect(wayLimit({ highway: 'motorway', maxspeed: '65 mph' }, 'US-MD')).toMatchObject({
      forwardMph: 65,
      source: 'posted',
    });
  });

  it('takes the zone from source:maxspeed when maxspeed is absent, and from a zone code in maxspeed', () => {
    expect(wayLimit({ highway: 'primary', 'source:maxspeed': 'DE:urban' }, 'DE').forwardMph).toBeCloseTo(50 * KMH, 9);
    const rural = wayLimit({ highway: 'primary', maxspeed: 'DE:rural' }, null);
    expect(rural.forwardMph).toBeCloseTo(60 * KMH, 9);
    expect(rural.source).toBe('default');
  });

  it('falls back to the default for signals and gives walk its stated pace as posted', () => {
    expect(wayLimit({ highway: 'motorway', maxspeed: 'signals' }, 'DE')).toMatchObject({ source: 'default' });
    expect(wayLimit({ highway: 'living_street', maxspeed: 'walk' }, 'DE').forwardMph).toBeCloseTo(toMph(10, 'km/h'), 9);
  });

  it('gives no limit where the jurisdiction is unknown and nothing is tagged', () => {
    const l = wayLimit({ highway: 'primary' }, null);
    expect(l).toMatchObject({ source: 'none', limitText: '' });
    expect(l.forwardMph).toBeNaN();
  });

  it('uses the state default for an untagged Maryland road, trucks as cars', () => {
    expect(wayLimit({ highway: 'motorway' }, 'US-MD')).toMatchObject({ forwardMph: 55, source: 'default' });
    expect(wayLimit({ highway: 'residential' }, 'US-MD')).toMatchObject({ forwardMph: 35, source: 'default' });
  });

  it('calls a way with a posted limit one way and a default the other "default"', () => {
    const l = wayLimit({ highway: 'primary', 'maxspeed:forward': '50' }, 'DE');
    expect(l.forwardMph).toBeCloseTo(50 * KMH, 9);
    expect(l.backwardMph).toBeCloseTo(60 * KMH, 9);
    expect(l.source).toBe('default');
  });
});

describe('capping near a border', () => {
  it('caps a sign only well inside the outline: an outline good to a few km must not cap a sign next door', () => {
    // Sacramento is ~150 km inside California's outline; Lake Tahoe's south shore is on the Nevada line.
    expect(nearOutlineEdge(38.58, -121.49, CAP_BORDER_MARGIN_KM)).toBe(false);
    expect(nearOutlineEdge(38.95, -119.95, CAP_BORDER_MARGIN_KM)).toBe(true);
    const tags = { highway: 'motorway', maxspeed: '70 mph' };
    expect(wayLimit(tags, 'US-CA', true)).toMatchObject({ forwardMph: 55, source: 'default' });
    expect(wayLimit(tags, 'US-CA', false)).toMatchObject({ forwardMph: 70, source: 'posted' });
    // A zone tag says where it is itself.
    expect(
      wayLimit({ highway: 'motorway', maxspeed: '120', 'source:maxspeed': 'DE:motorway' }, 'DE', false).source,
    ).toBe('default');
  });

  it('asks a lazy border test only of a way whose sign a cap could lower, and obeys its answer', () => {
    let asked = 0;
    const inside = (answer: boolean) => () => (asked++, answer);
    expect(wayLimit({ highway: 'motorway', maxspeed: '70 mph' }, 'US-CA', inside(true)).forwardMph).toBe(55);
    expect(wayLimit({ highway: 'motorway', maxspeed: '70 mph' }, 'US-CA', inside(false)).forwardMph).toBe(70);
    const before = asked;
    wayLimit({ highway: 'residential' }, 'US-CA', inside(true)); // nothing posted: no cap to test
    wayLimit({ highway: 'motorway', 'maxspeed:hgv': '55 mph' }, 'US-CA', inside(true)); // a truck's own sign
    expect(asked).toBe(before);
    expect(before).toBeGreaterThan(0);
  });
});

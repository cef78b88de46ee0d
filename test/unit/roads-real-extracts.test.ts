import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createOSMStream } from 'osm-pbf-parser-node';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildRoadIndexFromFile, type BuiltRoadIndex } from '../../electron/node/roads/build.ts';
import { parseMaxspeed } from '../../shared/roads/maxspeed.ts';
import { parseConditional } from '../../shared/roads/conditional.ts';

const OSM = path.resolve(import.meta.dirname, '../../../shared/osm');
const KMH = 1 / 1.609344;

interface RawWay {
  id: number;
  tags: Record<string, string>;
}
interface Raw {
  highwayWays: RawWay[];
  /** Nodes and relations tagged highway=* (the README counts them with the ways). */
  highwayOthers: number;
}

/** The extract's highway ways and its other highway-tagged elements' count, read with the PBF library or a regex: not the importer. */
async function rawOf(file: string): Promise<Raw> {
  const highwayWays: RawWay[] = [];
  let highwayOthers = 0;
  if (file.endsWith('.pbf')) {
    for await (const item of createOSMStream(path.join(OSM, file))) {
      const it = item as { type: string; id: number; tags?: Record<string, string> };
      if (!it.tags?.['highway']) continue;
      if (it.type === 'way') highwayWays.push({ id: it.id, tags: it.tags });
      else highwayOthers++;
    }
    return { highwayWays, highwayOthers };
  }
  const xml = gunzipSync(readFileSync(path.join(OSM, file))).toString('utf8');
  for (const m of xml.matchAll(/<way id="(\d+)"[^>]*>([\s\S]*?)<\/way>/g)) {
    const tags = Object.fromEntries([...m[2]!.matchAll(/<tag k="([^"]*)" v="([^"]*)"/g)].map((t) => [t[1]!, t[2]!]));
    if (tags['highway']) highwayWays.push({ id: Number(m[1]), tags });
  }
  for (const m of xml.matchAll(/<(node|relation) [^>]*>([\s\S]*?)<\/\1>/g))
    if (m[2]!.includes('k="highway"')) highwayOthers++;
  return { highwayWays, highwayOthers };
}

type Expected = { kmh: number } | { mph: number } | { kind: 'none' } | { refused: string } | { conditionalKept: true };

/**
 * Every maxspeed-family value found on a highway way of the three extracts, with what the tag says it means
 * (OSM wiki: a bare number is km/h; in the US it is refused). A value found and missing here fails the test.
 */
const STATED: Record<string, { us: boolean; values: Record<string, Expected> }> = {
  'andorra.osm.pbf': {
    us: false,
    values: {
      '20': { kmh: 20 },
      '30': { kmh: 30 },
      '50': { kmh: 50 },
      '60': { kmh: 60 },
      '70': { kmh: 70 },
      '80': { kmh: 80 },
      '90': { kmh: 90 },
      '90;30;90;30;90;30': { refused: 'several values' },
    },
  },
  'baltimore.osm.pbf': {
    us: true,
    values: {
      '5 mph': { mph: 5 },
      '15 mph': { mph: 15 },
      '20 mph': { mph: 20 },
      '25 mph': { mph: 25 },
      '30 mph': { mph: 30 },
      '35 mph': { mph: 35 },
      '40 mph': { mph: 40 },
      '50 mph': { mph: 50 },
      '55 mph': { mph: 55 },
      '25': { refused: 'bare number on a US road' },
      '40': { refused: 'bare number on a US road' },
    },
  },
  'north-bayreuth.osm.gz': {
    us: false,
    values: {
      '7': { kmh: 7 },
      '20': { kmh: 20 },
      '30': { kmh: 30 },
      '40': { kmh: 40 },
      '50': { kmh: 50 },
      '60': { kmh: 60 },
      '70': { kmh: 70 },
      '80': { kmh: 80 },
      '100': { kmh: 100 },
      '120': { kmh: 120 },
      none: { kind: 'none' },
      '80@(wet)': { conditionalKept: true },
    },
  },
};

const raw: Record<string, Raw> = {};
const built: Record<string, BuiltRoadIndex> = {};
beforeAll(async () => {
  for (const file of Object.keys(STATED)) {
    raw[file] = await rawOf(file);
    built[file] = await buildRoadIndexFromFile(path.join(OSM, file));
  }
}, 60_000);

describe.each(Object.keys(STATED))('%s', (file) => {
  it('parses every maxspeed-family value found as the tag says (none silently dropped)', () => {
    const { us, values } = STATED[file]!;
    const found = new Set<string>();
    for (const w of raw[file]!.highwayWays)
      for (const [k, v] of Object.entries(w.tags)) if (k.startsWith('maxspeed')) found.add(v);
    expect([...found].sort()).toEqual(Object.keys(values).sort());
    for (const [value, expected] of Object.entries(values)) {
      if ('conditionalKept' in expected) {
        expect(parseConditional(value, us)).toEqual({ applied: null, kept: value });
        continue;
      }
      const got = parseMaxspeed(value, us);
      if ('kmh' in expected) expect(got.kind === 'limit' && got.mph).toBeCloseTo(expected.kmh * KMH, 9);
      else if ('mph' in expected) expect(got.kind === 'limit' && got.mph).toBe(expected.mph);
      else if ('refused' in expected) expect(got).toMatchObject({ kind: 'refused', reason: expected.refused });
      else expect(got.kind).toBe(expected.kind);
    }
  });

  it('keeps or leaves out every highway way, and counts each kept one under exactly one source', () => {
    const { counts, index } = built[file]!;
    expect(counts.waysKept + counts.waysSkipped).toBe(raw[file]!.highwayWays.length);
    expect(counts.posted + counts.default + counts.none).toBe(counts.waysKept);
    expect(index.ways.length).toBe(counts.waysKept);
    expect(counts.waysMissingNodes).toBe(0);
  });
});

describe('the real extracts against their README', () => {
  it('Baltimore: 3,844 highway ways, 201 with maxspeed', () => {
    const ways = raw['baltimore.osm.pbf']!.highwayWays;
    expect(ways.length).toBe(3844);
    expect(ways.filter((w) => w.tags['maxspeed'] !== undefined).length).toBe(201);
  });

  it('Andorra: 1,615 highway ways (the README counts tagged nodes too)', () => {
    const r = raw['andorra.osm.pbf']!;
    expect(r.highwayWays.length).toBe(1615);
    // 1,615 ways and 102 nodes carry highway=*: 1,717 elements, one more than the README's 1,716.
    expect(r.highwayWays.length + r.highwayOthers).toBe(1717);
  });

  it('north of Bayreuth: 2,122 highway-tagged elements (2,056 ways, 57 nodes, 9 relations)', () => {
    const r = raw['north-bayreuth.osm.gz']!;
    expect(r.highwayWays.length).toBe(2056);
    expect(r.highwayWays.length + r.highwayOthers).toBe(2122);
  });
});

describe('limits on the real extracts', () => {
  it('flags and counts every bare number of Baltimore, leaving those roads without a limit', () => {
    const bare = raw['baltimore.osm.pbf']!.highwayWays.filter((w) => /^\d+$/.test(w.tags['maxspeed'] ?? ''));
    const { counts, index } = built['baltimore.osm.pbf']!;
    expect(bare.length).toBeGreaterThan(0);
    expect(counts.refused['bare number on a US road']).toBe(bare.length);
    const byId = new Map(index.ways.map((w) => [w.wayId, w]));
    for (const w of bare) expect(byId.get(w.id)).toMatchObject({ source: 'none', forwardMph: NaN });
  });

  it('gives German motorways tagged "none" the HGV default, 80 km/h (≈ 49.7 mph), as a default', () => {
    const none = raw['north-bayreuth.osm.gz']!.highwayWays.filter(
      (w) => w.tags['highway'] === 'motorway' && w.tags['maxspeed'] === 'none',
    );
    expect(none.length).toBeGreaterThan(0);
    const byId = new Map(built['north-bayreuth.osm.gz']!.index.ways.map((w) => [w.wayId, w]));
    for (const w of none) {
      const got = byId.get(w.id)!;
      expect(got.source).toBe('default');
      expect(got.forwardMph).toBeCloseTo(80 * KMH, 9);
      expect(got.forwardMph.toFixed(1)).toBe('49.7');
    }
  });

  it('keeps Bayreuth\'s directional limits per direction and its "wet" limits as text', () => {
    const byId = new Map(built['north-bayreuth.osm.gz']!.index.ways.map((w) => [w.wayId, w]));
    for (const w of raw['north-bayreuth.osm.gz']!.highwayWays) {
      const got = byId.get(w.id);
      if (!got) continue;
      const f = w.tags['maxspeed:forward'];
      const b = w.tags['maxspeed:backward'];
      if (f) expect(got.forwardMph).toBeCloseTo(Number(f) * KMH, 9);
      if (b) expect(got.backwardMph).toBeCloseTo(Number(b) * KMH, 9);
      if (w.tags['maxspeed:conditional']) expect(got.conditional).toBe(w.tags['maxspeed:conditional']);
    }
    expect(built['north-bayreuth.osm.gz']!.counts.conditional).toBe(4);
  });

  it('gives Baltimore\'s "55 mph" motorways 55 mph posted, and its untagged roads Maryland defaults', () => {
    const { index } = built['baltimore.osm.pbf']!;
    const tagged = new Map(raw['baltimore.osm.pbf']!.highwayWays.map((w) => [w.id, w.tags]));
    for (const w of index.ways) {
      const tags = tagged.get(w.wayId)!;
      if (tags['maxspeed'] === '55 mph') expect(w).toMatchObject({ forwardMph: 55, source: 'posted' });
      if (tags['maxspeed'] === undefined && w.highway === 'residential')
        expect(w).toMatchObject({ forwardMph: 35, source: 'default' });
    }
  });
});

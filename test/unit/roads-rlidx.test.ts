import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openRoadLimits } from '../../electron/node/roads/open.ts';
import { readRoadIndex, RoadIndexFileError, writeRoadIndex } from '../../electron/node/roads/rlidx.ts';
import { createRoadIndex } from '../../shared/roads/road-index.ts';
import type { RoadWay } from '../../shared/roads/types.ts';
import { osmPbf } from '../support/osm-pbf-write.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'routelens-rlidx-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const way = (wayId: number, over: Partial<RoadWay> = {}): RoadWay => ({
  wayId,
  highway: 'primary',
  name: '',
  ref: '',
  oneway: 0,
  forwardMph: 45,
  backwardMph: 45,
  source: 'posted',
  limitText: '45 mph',
  conditional: '',
  ...over,
});
const ways = [
  way(4_000_000_001, { name: 'Straße der Einheit ✓', ref: 'B 2', oneway: 1 }),
  way(2, { forwardMph: NaN, backwardMph: NaN, source: 'none', limitText: '40 (refused)' }),
  way(3, { oneway: -1, forwardMph: 49.709695378986716, source: 'default', conditional: '80@(wet)' }),
];
const index = createRoadIndex(ways, [
  [50.0000001, 11.5, 50.0, 11.51, 50.001, 11.52],
  [39.29, -76.61, 39.291, -76.611],
  [-33.9, 151.2, -33.91, 151.21],
]);
const file = path.join(dir, 'roads.rlidx');
writeRoadIndex(index, file);

describe('the .rlidx index file', () => {
  it('reads back every way exactly and every coordinate to 1e-7 degree', () => {
    const back = readRoadIndex(file);
    expect(back.ways).toEqual(ways);
    expect(back.segWay).toEqual(index.segWay);
    for (let i = 0; i < index.segCoords.length; i++) expect(back.segCoords[i]).toBeCloseTo(index.segCoords[i]!, 7);
  });

  it('answers the same spatial lookups as the index written', () => {
    const back = readRoadIndex(file);
    for (const [lat, lng] of [
      [50.0, 11.505],
      [39.2905, -76.6105],
      [-33.905, 151.205],
      [0, 0],
    ] as const)
      expect(back.near(lat, lng, 50).sort()).toEqual(index.near(lat, lng, 50).sort());
  });

  it('opens either an index or an extract', async () => {
    expect((await openRoadLimits(file)).counts).toBeNull();
    const extract = path.join(dir, 'one.osm.pbf');
    writeFileSync(
      extract,
      osmPbf(
        [
          { id: 1, lat: 50, lng: 11.5 },
          { id: 2, lat: 50, lng: 11.501 },
        ],
        [{ id: 9, refs: [1, 2], tags: { highway: 'primary', maxspeed: '50' } }],
      ),
    );
    const opened = await openRoadLimits(extract);
    expect(opened.counts).toMatchObject({ waysKept: 1, posted: 1 });
    expect(opened.index.ways[0]!.wayId).toBe(9);
  });

  const bytes = readFileSync(file);
  const corrupt = (name: string, change: (b: Buffer) => Buffer) => {
    const p = path.join(dir, name);
    writeFileSync(p, change(Buffer.from(bytes)));
    return p;
  };
  const sectionStart = (n: number) => {
    // The way-strings section follows the 40-byte header and the way ids (8 bytes each).
    return 40 + n * 8;
  };

  it.each([
    ['wrong magic', (b: Buffer) => (b.write('XX', 0), b), /does not start with the RLIDX header/],
    ['newer version', (b: Buffer) => (b.writeUInt32LE(2, 8), b), /version 2, and this RouteLens reads version 1/],
    ['truncated', (b: Buffer) => b.subarray(0, b.length - 16), /announces \d+ bytes, the file has \d+/],
    ['empty', () => Buffer.alloc(0), /does not start with the RLIDX header/],
    ['inflated way count', (b: Buffer) => (b.writeUInt32LE(1000, 12), b), /announces/],
    ['string index out of range', (b: Buffer) => (b.writeUInt32LE(999, sectionStart(3)), b), /names string 999/],
  ])('refuses a file with %s, naming the problem', (name, change, message) => {
    const p = corrupt(`${name}.rlidx`, change);
    expect(() => readRoadIndex(p)).toThrow(RoadIndexFileError);
    expect(() => readRoadIndex(p)).toThrow(message);
  });

  it('refuses a segment naming a way that is not there, and an unknown source code', () => {
    // segWay is the u32 run 0, 0, 1, 2 (way 0 has two segments).
    const run = Buffer.from(new Uint32Array([0, 0, 1, 2]).buffer);
    const at = bytes.indexOf(run);
    expect(at).toBeGreaterThan(0);
    const p = corrupt('segway.rlidx', (b) => (b.writeUInt32LE(7, at + 12), b));
    expect(() => readRoadIndex(p)).toThrow(/a segment names way 7 of 3/);
    // Flags follow the limits: (oneway+1, source) per way; source 1 is "posted".
    const flags = Buffer.from([2, 1, 1, 3, 0, 2]);
    const f = bytes.indexOf(flags);
    expect(f).toBeGreaterThan(0);
    const q = corrupt('source.rlidx', (b) => (b.writeUInt8(9, f + 1), b));
    expect(() => readRoadIndex(q)).toThrow(/unknown direction or source code/);
  });
});

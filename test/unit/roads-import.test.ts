import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRoadIndexFromFile, OsmFormatError, type BuildProgress } from '../../electron/node/roads/build.ts';
import { osmPbf, osmXml, type GenNode, type GenWay } from '../support/osm-pbf-write.ts';

const KMH = 1 / 1.609344;
const dir = mkdtempSync(path.join(tmpdir(), 'routelens-roads-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A generated extract whose every count is known by construction: ways near Bayreuth (DE),
// Baltimore (US-MD) and Paris (no known jurisdiction), each a straight line of `n` nodes.
const nodes: GenNode[] = [];
const ways: GenWay[] = [];
let nextNode = 1_000_000_000_000; // above 2^32, as real node ids are
function way(id: number, at: [number, number], n: number, tags: Record<string, string>, missing = 0): GenWay {
  const refs: number[] = [];
  for (let i = 0; i < n; i++) {
    const id = nextNode++;
    refs.push(id);
    if (i < n - missing) nodes.push({ id, lat: at[0], lng: at[1] + i * 0.001 });
  }
  const w = { id, refs, tags };
  ways.push(w);
  return w;
}
const DE: [number, number] = [50.0, 11.5];
const MD: [number, number] = [39.29, -76.61];
const PARIS: [number, number] = [48.86, 2.35];
way(1, DE, 3, { highway: 'motorway', maxspeed: 'none', ref: 'A 9' }); // default 80 km/h
way(2, [50.01, 11.5], 4, { highway: 'primary', maxspeed: '70', 'maxspeed:hgv': '60' }); // posted 60
way(3, [50.02, 11.5], 2, { highway: 'residential', name: 'Hauptstraße' }); // default 50
way(4, [50.03, 11.5], 5, { highway: 'footway' }); // left out
way(5, [50.04, 11.5], 3, { highway: 'tertiary', 'maxspeed:forward': '50', 'maxspeed:backward': '30' }); // posted
way(6, [50.05, 11.5], 4, { highway: 'unclassified' }, 1); // default; its last node absent: 2 segments, not 3
way(7, MD, 3, { highway: 'residential', maxspeed: '40' }); // refused, none
way(8, [39.3, -76.61], 2, { highway: 'motorway', maxspeed: '55 mph', ref: 'I 95' }); // posted 55
way(9, [50.06, 11.5], 5, { highway: 'service', area: 'yes' }); // left out
way(10, [50.07, 11.5], 5, { building: 'yes' }); // not a highway: not counted at all
way(11, [50.08, 11.5], 2, { highway: 'motorway', maxspeed: '120', 'maxspeed:conditional': '100 @ (22:00-06:00)' });
way(12, PARIS, 2, { highway: 'primary' }); // none: no jurisdiction known
const KEPT_SEGMENTS = 2 + 3 + 1 + 2 + 2 + 2 + 1 + 1 + 1;

const files = {
  pbf: path.join(dir, 'gen.osm.pbf'),
  xml: path.join(dir, 'gen.osm'),
  gz: path.join(dir, 'gen.osm.gz'),
};
writeFileSync(files.pbf, osmPbf(nodes, ways));
writeFileSync(files.xml, osmXml(nodes, ways));
writeFileSync(files.gz, gzipSync(osmXml(nodes, ways)));

describe('buildRoadIndexFromFile on a generated extract', () => {
  it.each(Object.entries(files))('counts every way by construction (%s)', async (_, file) => {
    const { counts } = await buildRoadIndexFromFile(file);
    expect(counts).toEqual({
      waysKept: 9,
      waysSkipped: 2,
      // Way 11 is signed 120 on a German motorway: a lorry's 80 km/h maximum caps it, a default.
      posted: 3,
      default: 4,
      none: 2,
      refused: { 'bare number on a US road': 1 },
      conditional: 1,
      waysMissingNodes: 1,
      segments: KEPT_SEGMENTS,
    });
  });

  it('gives each way the limit its tags and place call for', async () => {
    const { index } = await buildRoadIndexFromFile(files.pbf);
    const byId = new Map(index.ways.map((w) => [w.wayId, w]));
    expect(byId.get(1)).toMatchObject({ source: 'default', oneway: 1, ref: 'A 9' });
    expect(byId.get(1)!.forwardMph).toBeCloseTo(80 * KMH, 9);
    expect(byId.get(2)!.forwardMph).toBeCloseTo(60 * KMH, 9);
    expect(byId.get(3)).toMatchObject({ source: 'default', name: 'Hauptstraße' });
    expect(byId.get(5)!.backwardMph).toBeCloseTo(30 * KMH, 9);
    expect(byId.get(7)).toMatchObject({ source: 'none' });
    expect(byId.get(8)).toMatchObject({ forwardMph: 55, source: 'posted', limitText: '55 mph' });
    expect(byId.get(11)).toMatchObject({ conditional: '100 @ (22:00-06:00)', source: 'default' });
    expect(byId.get(11)!.forwardMph).toBeCloseTo(80 * KMH, 9);
    expect(byId.get(12)).toMatchObject({ source: 'none' });
    expect([...byId.keys()].sort((a, b) => a - b)).toEqual([1, 2, 3, 5, 6, 7, 8, 11, 12]);
  });

  it('reads the same index from PBF, XML and gzipped XML', async () => {
    const [a, b, c] = await Promise.all(Object.values(files).map((f) => buildRoadIndexFromFile(f)));
    for (const other of [b!, c!]) {
      expect(other.index.ways).toEqual(a!.index.ways);
      expect(other.index.segWay).toEqual(a!.index.segWay);
      for (let i = 0; i < a!.index.segCoords.length; i++)
        expect(other.index.segCoords[i]).toBeCloseTo(a!.index.segCoords[i]!, 7);
    }
  });

  it('lays segments along the nodes, between located nodes only', async () => {
    const { index } = await buildRoadIndexFromFile(files.xml);
    const six = index.ways.findIndex((w) => w.wayId === 6);
    const segs = [...index.segWay.keys()].filter((s) => index.segWay[s] === six);
    expect(segs.map((s) => Array.from(index.segCoords.subarray(s * 4, s * 4 + 4)))).toEqual([
      [50.05, 11.5, 50.05, 11.501],
      [50.05, 11.501, 50.05, 11.502],
    ]);
  });

  it('leaves a node with an unreadable position unlocated, and counts its way as cut', async () => {
    const xml = path.join(dir, 'bad-node.osm');
    writeFileSync(
      xml,
      osmXml(
        [
          { id: 1, lat: 50, lng: 11.5 },
          { id: 2, lat: 50, lng: 11.501 },
          { id: 3, lat: 95, lng: 11.502 },
        ],
        [{ id: 7, refs: [1, 2, 3], tags: { highway: 'primary' } }],
      ).replace('lat="95.0000000"', 'lat="north"'),
    );
    const { counts, index } = await buildRoadIndexFromFile(xml);
    expect(counts).toMatchObject({ waysKept: 1, waysMissingNodes: 1, segments: 1 });
    expect(Array.from(index.segCoords)).toEqual([50, 11.5, 50, 11.501]);
  });

  it('reports progress over both passes, ending at 1', async () => {
    const seen: BuildProgress[] = [];
    await buildRoadIndexFromFile(files.gz, { onProgress: (p) => seen.push(p) });
    expect(seen.map((p) => p.pass)).toEqual([...seen.map((p) => p.pass)].sort());
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.fraction).toBeGreaterThanOrEqual(seen[i - 1]!.fraction);
    expect(seen.at(-1)!.fraction).toBe(1);
    expect(seen.some((p) => p.pass === 1 && p.fraction === 0.5)).toBe(true);
  });

  it('stops when cancelled, with the signal reason', async () => {
    const controller = new AbortController();
    const run = buildRoadIndexFromFile(files.pbf, {
      signal: controller.signal,
      onProgress: () => controller.abort(new Error('cancelled by the user')),
    });
    await expect(run).rejects.toThrow('cancelled by the user');
    await expect(buildRoadIndexFromFile(files.xml, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('refuses a file that is not an extract, and one cut short, with a clear error', async () => {
    const junk = path.join(dir, 'junk.osm.pbf');
    writeFileSync(junk, 'just some words\n');
    await expect(buildRoadIndexFromFile(junk)).rejects.toThrow(OsmFormatError);
    await expect(buildRoadIndexFromFile(junk)).rejects.toThrow(/is not an OpenStreetMap extract/);
    const bytes = osmPbf(nodes, ways);
    const cut = path.join(dir, 'cut.osm.pbf');
    writeFileSync(cut, bytes.subarray(0, bytes.length - 40));
    await expect(buildRoadIndexFromFile(cut)).rejects.toThrow(/cannot be read as an OpenStreetMap extract/);
    const badXml = path.join(dir, 'bad.osm');
    writeFileSync(badXml, '<?xml version="1.0"?>\n<osm><way id="1"><nd ref="2"></osm>');
    await expect(buildRoadIndexFromFile(badXml)).rejects.toThrow(/cannot be read as an OpenStreetMap extract/);
    const cutGz = path.join(dir, 'cut.osm.gz');
    const gz = gzipSync(osmXml(nodes, ways));
    writeFileSync(cutGz, gz.subarray(0, gz.length - 30));
    await expect(buildRoadIndexFromFile(cutGz)).rejects.toThrow(/cannot be read as an OpenStreetMap extract/);
  });
});

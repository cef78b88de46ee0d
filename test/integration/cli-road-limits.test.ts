/**
 * `routelens road-limits` as a process on the real extracts in ../shared/osm/:
 * points placed on real ways (their node coordinates read here with the PBF
 * library or a regex, not with the importer) must come back as those ways,
 * with the limit their tags say; a built index answers as the extract does;
 * bad flags and bad files end with one clear sentence and the usage exit code.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createOSMStream } from 'osm-pbf-parser-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../support/cli-run.ts';

const OSM = path.resolve(import.meta.dirname, '../../../shared/osm');
const BALTIMORE = path.join(OSM, 'baltimore.osm.pbf');
const BAYREUTH = path.join(OSM, 'north-bayreuth.osm.gz');
const dir = mkdtempSync(path.join(tmpdir(), 'routelens-cli-roads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Probe {
  wayId: number;
  /** "lat,lng,heading": the midpoint of the way's first segment, heading along the node order. */
  along: string;
  against: string;
  plain: string;
}

function probeOf(wayId: number, a: [number, number], b: [number, number]): Probe {
  const lat = (a[0] + b[0]) / 2;
  const lng = (a[1] + b[1]) / 2;
  const dx = (b[1] - a[1]) * Math.cos((lat * Math.PI) / 180);
  const heading = ((Math.atan2(dx, b[0] - a[0]) * 180) / Math.PI + 360) % 360;
  const p = `${lat.toFixed(7)},${lng.toFixed(7)}`;
  return {
    wayId,
    plain: p,
    along: `${p},${heading.toFixed(1)}`,
    against: `${p},${((heading + 180) % 360).toFixed(1)}`,
  };
}

/** The first way matching `pick` and its first two nodes, from a PBF. */
async function pbfProbe(file: string, pick: (tags: Record<string, string>) => boolean): Promise<Probe> {
  const nodes = new Map<number, [number, number]>();
  for await (const item of createOSMStream(file)) {
    const it = item as {
      type: string;
      id: number;
      lat: number;
      lon: number;
      refs?: number[];
      tags?: Record<string, string>;
    };
    if (it.type === 'node') nodes.set(it.id, [it.lat, it.lon]);
    if (it.type === 'way' && it.tags && pick(it.tags))
      return probeOf(it.id, nodes.get(it.refs![0]!)!, nodes.get(it.refs![1]!)!);
  }
  throw new Error('no such way');
}

/** The same from the gzipped XML, with regexes. */
function xmlProbe(file: string, pick: (tags: Record<string, string>) => boolean): Probe {
  const xml = gunzipSync(readFileSync(file)).toString('utf8');
  const node = (id: string): [number, number] => {
    const m = new RegExp(`<node id="${id}" [^>]*lat="([^"]+)" lon="([^"]+)"`).exec(xml)!;
    return [Number(m[1]), Number(m[2])];
  };
  for (const m of xml.matchAll(/<way id="(\d+)"[^>]*>([\s\S]*?)<\/way>/g)) {
    const tags = Object.fromEntries([...m[2]!.matchAll(/<tag k="([^"]*)" v="([^"]*)"/g)].map((t) => [t[1]!, t[2]!]));
    if (!pick(tags)) continue;
    const refs = [...m[2]!.matchAll(/<nd ref="(\d+)"/g)].map((r) => r[1]!);
    return probeOf(Number(m[1]), node(refs[0]!), node(refs[1]!));
  }
  throw new Error('no such way');
}

const json = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
let i95: Probe;
let bare: Probe;
let autobahn: Probe;
let directional: Probe;
beforeAll(async () => {
  i95 = await pbfProbe(BALTIMORE, (t) => t['highway'] === 'motorway' && t['maxspeed'] === '55 mph');
  bare = await pbfProbe(BALTIMORE, (t) => t['highway'] === 'residential' && t['maxspeed'] === '40');
  autobahn = xmlProbe(BAYREUTH, (t) => t['highway'] === 'motorway' && t['maxspeed'] === 'none');
  directional = xmlProbe(BAYREUTH, (t) => t['maxspeed:forward'] === '50' && t['maxspeed:backward'] === '30');
});

describe('routelens road-limits at', () => {
  it('names the way at each point of a Baltimore PBF, with its posted limit or none for a bare number', async () => {
    const r = await spawnCli(['road-limits', 'at', BALTIMORE, '--at', i95.along, '--at', bare.plain, '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const [a, b] = json(r.stdout);
    expect(a).toMatchObject({ way: i95.wayId, highway: 'motorway', limit_mph: 55, source: 'posted' });
    expect(b).toMatchObject({ way: bare.wayId, highway: 'residential', limit_mph: null, source: 'none' });
  });

  it('gives the German motorway tagged "none" the HGV default, and a directional limit by heading', async () => {
    const r = await spawnCli([
      'road-limits',
      'at',
      BAYREUTH,
      '--at',
      autobahn.along,
      '--at',
      directional.along,
      '--at',
      directional.against,
      '--json',
    ]);
    expect(r.code).toBe(0);
    const [a, fwd, bwd] = json(r.stdout);
    expect(a).toMatchObject({ way: autobahn.wayId, highway: 'motorway', limit_mph: 49.7, source: 'default' });
    expect(fwd).toMatchObject({ way: directional.wayId, limit_mph: 31.1, source: 'posted' }); // 50 km/h
    expect(bwd).toMatchObject({ way: directional.wayId, limit_mph: 18.6, source: 'posted' }); // 30 km/h
  });

  it('prints one line per point without --json, and "no road" far from every road', async () => {
    const r = await spawnCli(['road-limits', 'at', BALTIMORE, '--at', i95.along, '--at', '0,0']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(`way ${i95.wayId}`);
    expect(lines[0]).toContain('55 mph posted');
    expect(lines[1]).toBe('0,0: no road within 30 m.');
  });
});

describe('routelens road-limits build', () => {
  it('writes an index that answers as the extract does', async () => {
    const index = path.join(dir, 'bayreuth.rlidx');
    const built = await spawnCli(['road-limits', 'build', BAYREUTH, '--out', index, '--json']);
    expect(built.code).toBe(0);
    const counts = JSON.parse(built.stdout) as Record<string, number>;
    expect(counts['posted']! + counts['default']! + counts['none']!).toBe(counts['waysKept']);
    const points = [autobahn.along, directional.along, directional.against, directional.plain];
    const args = points.flatMap((p) => ['--at', p]);
    const [fromIndex, fromExtract] = await Promise.all([
      spawnCli(['road-limits', 'at', index, ...args, '--json']),
      spawnCli(['road-limits', 'at', BAYREUTH, ...args, '--json']),
    ]);
    expect(fromIndex.code).toBe(0);
    expect(fromIndex.stdout).toBe(fromExtract.stdout);
  });
});

describe('road-limits refuses bad input with one clear sentence', () => {
  it.each([
    [['--at', '39.2,abc'], /--at must be LAT,LNG or LAT,LNG,HEADING/],
    [['--at', '95,10'], /latitude must be between -90 and 90/],
    [['--at', '39,-200'], /longitude must be between -180 and 180/],
    [['--at', '39,-76,400'], /heading must be between 0 and 360/],
    [[], /Give at least one point/],
    [['--at'], /--at needs a value/],
    [['--at', '39,-76', '--speed', '3'], /Unknown option --speed/],
  ])('at %j: exit 2', async (flags, message) => {
    const r = await spawnCli(['road-limits', 'at', BALTIMORE, ...flags]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });

  it('names a missing file (exit 2) and a file that is neither an extract nor an index (exit 1)', async () => {
    const missing = await spawnCli(['road-limits', 'at', path.join(dir, 'nope.pbf'), '--at', '1,1']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/nope\.pbf does not exist/);
    const junk = path.join(dir, 'junk.osm');
    writeFileSync(junk, 'hello\n');
    const r = await spawnCli(['road-limits', 'at', junk, '--at', '1,1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/junk\.osm is not an OpenStreetMap extract/);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('names a truncated index', async () => {
    const index = path.join(dir, 'cut.rlidx');
    const built = await spawnCli(['road-limits', 'build', BALTIMORE, '--out', index]);
    expect(built.code).toBe(0);
    expect(built.stdout).toMatch(/bare number|without a unit on a US road/);
    writeFileSync(index, readFileSync(index).subarray(0, 1000));
    const r = await spawnCli(['road-limits', 'at', index, '--at', i95.plain]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/cut\.rlidx is not a readable road index: its header announces/);
  });
});

/**
 * The GPX and CSV exports as third-party tools read them: xmllint against the
 * GPX 1.1 XSD, gpxpy (/usr/bin/python3: the pyenv python3 lacks it) and
 * gpsbabel. No network involved.
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvLines, parseBreadcrumbCsv } from '../../shared/export/csv.ts';
import { gpxPieces } from '../../shared/export/gpx.ts';
import { chunkPoints } from '../../shared/track/day-chunk.ts';
import { haversineMiles } from '../../shared/track/geo.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import { generateRandomTrack, toDayChunks } from '../support/tracks.ts';

const REPO = resolve(import.meta.dirname, '../..');
const SCHEMA = [resolve(REPO, '../shared/schemas/gpx-1.1.xsd'), '/work/shared/schemas/gpx-1.1.xsd'].find((p) => existsSync(p));

const HOSTILE_VEHICLE = `T<&>"'\u0001\u0007\u001b 🚚 #7`;
const HOSTILE_CARRIER = `Acme & Sons <"Freight"> 'LLC'\u0000\u0008 🛻`;
/** What XML 1.0 cannot carry among these test strings: C0 controls other than tab, LF, CR. */
const stripControls = (s: string) =>
  [...s].filter((ch) => { const c = ch.codePointAt(0)!; return c >= 0x20 || c === 9 || c === 10 || c === 13; }).join('');

let dir = '';
let chunks: DayChunk[] = [];
let gpxFile = '';

async function writePieces(file: string, pieces: Iterable<string>): Promise<void> {
  const out = createWriteStream(file, { encoding: 'utf8' });
  for (const piece of pieces) if (!out.write(piece)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

function run(cmd: string, args: string[]): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, TZ: 'UTC' } });
  if (r.error) throw r.error;
  expect(r.status, `${cmd} failed: ${r.stderr}`).toBe(0);
  return r.stdout;
}

/**
 * Segments per day by the documented gap rule: after an OFFLINE reading, or a
 * silence > 20 min, except a parked one (from a STATIONARY reading to one
 * within 250 m) which must last > 2 h.
 */
function expectedSegments(chunk: DayChunk): number[] {
  const sizes = [1];
  for (let i = 1; i < chunk.length; i++) {
    const parked = chunk.status[i - 1] === 1 && haversineMiles(chunk.lat[i - 1]!, chunk.lng[i - 1]!, chunk.lat[i]!, chunk.lng[i]!) * 1609.344 <= 250;
    if (chunk.t[i]! - chunk.t[i - 1]! > (parked ? 120 : 20) * 60_000 || chunk.status[i - 1] === 2) sizes.push(1);
    else sizes[sizes.length - 1]!++;
  }
  return sizes;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'routelens-gpx-'));
  const points = generateRandomTrack(21, 4, {
    vehicleNumber: HOSTILE_VEHICLE,
    vin: `1FU<J>&"x"\u0002`,
    location: (k) => [`Exit 12 <&> "Joe's"`, '\u0003ctl', '=cmd', 'Zoë 🚚'][k % 4]!,
  });
  chunks = toDayChunks('veh-1', points);
  gpxFile = join(dir, 'track.gpx');
  await writePieces(
    gpxFile,
    gpxPieces({
      chunks,
      meta: {
        carrierName: HOSTILE_CARRIER,
        dotNumber: '1234567',
        vehicleNumber: HOSTILE_VEHICLE,
        vin: '1FUJGLDR9CLBP8834',
        from: chunks[0]!.day,
        to: chunks.at(-1)!.day,
        generatedAt: Date.UTC(2026, 4, 20, 9, 30),
      },
    }),
  );
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('GPX export read by third-party tools', () => {
  it('the generated track has several days and gaps (so the checks below mean something)', () => {
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    expect(chunks.flatMap(expectedSegments).length).toBeGreaterThan(chunks.length + 2);
  });

  it('validates against the GPX 1.1 XSD with xmllint', () => {
    expect(SCHEMA, 'gpx-1.1.xsd not found beside the repo').toBeDefined();
    const r = spawnSync('xmllint', ['--noout', '--schema', SCHEMA!, gpxFile], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
  });

  it('gpxpy reads the same tracks, segments, points, times, speeds and metadata', () => {
    const script = `
import gpxpy, json, sys
g = gpxpy.parse(open(sys.argv[1], encoding='utf-8'))
def ext(p, name):
    for e in p.extensions:
        for c in e:
            if c.tag.endswith('}' + name):
                return float(c.text)
    return None
print(json.dumps({
  'name': g.name, 'desc': g.description, 'author': g.author_name, 'keywords': g.keywords,
  'time': g.time.isoformat(), 'bounds': [g.bounds.min_latitude, g.bounds.min_longitude, g.bounds.max_latitude, g.bounds.max_longitude],
  'tracks': [{'name': t.name, 'segments': [[[p.latitude, p.longitude, round(p.time.timestamp() * 1000), p.type, ext(p, 'speed'), ext(p, 'course')]
      for p in s.points] for s in t.segments]} for t in g.tracks],
}))
`;
    type Pt = [number, number, number, string, number, number];
    const doc = JSON.parse(run('/usr/bin/python3', ['-c', script, gpxFile])) as {
      name: string;
      desc: string;
      author: string;
      keywords: string;
      time: string;
      bounds: number[];
      tracks: { name: string; segments: Pt[][] }[];
    };
    const cleanVehicle = stripControls(HOSTILE_VEHICLE);
    expect(doc.desc).toContain(`Carrier: ${stripControls(HOSTILE_CARRIER)}.`);
    expect(doc.desc).toContain('USDOT: 1234567');
    expect(doc.desc).toContain('VIN: 1FUJGLDR9CLBP8834');
    expect(doc.name).toContain(cleanVehicle);
    expect(doc.author).toBe('RouteLens');
    expect(Date.parse(doc.time)).toBe(Date.UTC(2026, 4, 20, 9, 30));
    const lats = chunks.flatMap((c) => [...c.lat]);
    const lngs = chunks.flatMap((c) => [...c.lng]);
    expect(doc.bounds).toEqual([Math.min(...lats), Math.min(...lngs), Math.max(...lats), Math.max(...lngs)]);

    expect(doc.tracks).toHaveLength(chunks.length);
    for (const [k, track] of doc.tracks.entries()) {
      const chunk = chunks[k]!;
      expect(track.name).toBe(`${cleanVehicle} ${chunk.day}`);
      expect(track.segments.map((s) => s.length)).toEqual(expectedSegments(chunk));
      const pts = track.segments.flat();
      expect(pts.map((p) => p[0])).toEqual([...chunk.lat]);
      expect(pts.map((p) => p[1])).toEqual([...chunk.lng]);
      expect(pts.map((p) => p[2])).toEqual([...chunk.t]);
      expect(pts.map((p) => p[3])).toEqual([...chunkPoints(chunk)].map((p) => p.status));
      pts.forEach((p, i) => {
        expect(p[4] / 0.44704).toBeCloseTo(chunk.speed[i]!, 4);
        expect(p[5]).toBeGreaterThanOrEqual(0);
        expect(p[5]).toBeLessThan(360);
      });
    }
  });

  it('gpsbabel reads the same points, times, coordinates and segments', () => {
    const rows = run('gpsbabel', ['-t', '-i', 'gpx', '-f', gpxFile, '-o', 'unicsv,utc=0', '-F', '-'])
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => line.split(','));
    const all = chunks.flatMap((c) => [...chunkPoints(c)]);
    expect(rows).toHaveLength(all.length);
    rows.forEach((r, i) => {
      const p = all[i]!;
      expect([r[1], r[2]]).toEqual([p.lat.toFixed(6), p.lng.toFixed(6)]);
      const iso = new Date(p.t).toISOString();
      expect(`${r[3]} ${r[4]}`).toBe(`${iso.slice(0, 10).replaceAll('-', '/')} ${iso.slice(11, 19)}`);
    });
    const regpx = run('gpsbabel', ['-t', '-i', 'gpx', '-f', gpxFile, '-o', 'gpx', '-F', '-']);
    expect(regpx.match(/<trk>/g)).toHaveLength(chunks.length);
    expect(regpx.match(/<trkseg>/g)).toHaveLength(chunks.flatMap(expectedSegments).length);
  });

  it('the CSV of the same chunks reads back as the same points', async () => {
    const csvFile = join(dir, 'track.csv');
    await writePieces(csvFile, csvLines(chunks));
    expect(parseBreadcrumbCsv(readFileSync(csvFile, 'utf8'))).toEqual(chunks.flatMap((c) => [...chunkPoints(c)]));
  });
});

/**
 * The GPX and CSV exports as third-party tools read them: xmllint against the
 * GPX 1.1 XSD, gpxpy (/usr/bin/python3: the pyenv python3 lacks it) and
 * gpsbabel. No network involved.
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvLines, parseBreadcrumbCsv } from '../../shared/export/csv.ts';
import { gpxPieces } from '../../shared/export/gpx.ts';
import { chunkPoints } from '../../shared/track/day-chunk.ts';
import { haversineMiles } from '../../shared/track/geo.ts';
import { findOutliers } from '../../shared/track/outliers.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import { generateRandomTrack, toDayChunks } from '../support/tracks.ts';
import { xmllintGpx } from '../support/gpx-schema.ts';

const HOSTILE_VEHICLE = `T<&>"'\u0001\u0007\u001b 🚚 #7`;
const HOSTILE_CARRIER = `Acme & Sons <"Freight"> 'LLC'\u0000\u0008 🛻`;
/** What XML 1.0 cannot carry among these test strings: C0 controls other than tab, LF, CR. */
const stripControls = (s: string) =>
  [...s]
    .filter((ch) => {
      const c = ch.codePointAt(0)!;
      return c >= 0x20 || c === 9 || c === 10 || c === 13;
    })
    .join('');

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
  const r = spawnSync(cmd, args, {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, TZ: 'UTC' },
  });
  if (r.error) throw r.error;
  expect(r.status, `${cmd} failed: ${r.stderr}`).toBe(0);
  return r.stdout;
}

/** Readings of the generated track turned into outliers: [day index, reading index, what]. */
const INJECTED: readonly [number, number, 'speed' | 'position'][] = [
  [1, 5, 'speed'],
  [2, 30, 'position'],
];
const injected = (k: number, i: number) => INJECTED.some(([d, r]) => d === k && r === i);

/**
 * Segments per day by the documented gap rule, between kept readings (an
 * outlier joins the segment it falls in): a new segment when the truck moved
 * more than 250 m across an OFFLINE reading or a silence > 20 min, or jumped
 * farther than 110 mph (plus 50 m) allows.
 */
function expectedSegments(chunk: DayChunk, k: number): number[] {
  const sizes = [1];
  let prev = injected(k, 0) ? -1 : 0;
  for (let i = 1; i < chunk.length; i++) {
    if (injected(k, i) || prev < 0) {
      sizes[sizes.length - 1]!++;
      if (prev < 0 && !injected(k, i)) prev = i;
      continue;
    }
    const metres = haversineMiles(chunk.lat[prev]!, chunk.lng[prev]!, chunk.lat[i]!, chunk.lng[i]!) * 1609.344;
    const dt = chunk.t[i]! - chunk.t[prev]!;
    const jump = metres > (110 * 1609.344 * dt) / 3_600_000 + 50;
    const gap = jump || (metres > 250 && (chunk.status[prev] === 2 || dt > 20 * 60_000));
    if (gap) sizes.push(1);
    else sizes[sizes.length - 1]!++;
    prev = i;
  }
  return sizes;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'routelens-gpx-'));
  const points = generateRandomTrack(27, 4, {
    vehicleNumber: HOSTILE_VEHICLE,
    vin: `1FU<J>&"x"\u0002`,
    location: (k) => [`Exit 12 <&> "Joe's"`, '\u0003ctl', '=cmd', 'Zoë 🚚'][k % 4]!,
  });
  chunks = toDayChunks('veh-1', points);
  for (const [k, i, what] of INJECTED) {
    if (what === 'speed') chunks[k]!.speed[i] = 1846;
    else chunks[k]!.lat[i] = chunks[k]!.lat[i]! + 2;
  }
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
  it('the generated track has several days, gaps and the injected outliers (so the checks below mean something)', () => {
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    expect(chunks.flatMap(expectedSegments).length).toBeGreaterThan(chunks.length + 2);
    const flagged = chunks.flatMap((c, k) => {
      const f = findOutliers(c);
      return f ? [...f.keys()].filter((i) => f[i] === 1).map((i) => [k, i]) : [];
    });
    expect(flagged).toEqual(INJECTED.map(([k, i]) => [k, i]));
    expect((readFileSync(gpxFile, 'utf8').match(/<rl:outlier>true<\/rl:outlier>/g) ?? []).length).toBe(INJECTED.length);
  });

  it('validates against the GPX 1.1 XSD with xmllint', () => {
    const r = xmllintGpx(gpxFile);
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
def outlier(p):
    return any(e.tag == '{urn:routelens:gpx:1}outlier' and e.text == 'true' for e in p.extensions)
print(json.dumps({
  'name': g.name, 'desc': g.description, 'author': g.author_name, 'keywords': g.keywords,
  'time': g.time.isoformat(), 'bounds': [g.bounds.min_latitude, g.bounds.min_longitude, g.bounds.max_latitude, g.bounds.max_longitude],
  'tracks': [{'name': t.name, 'segments': [[[p.latitude, p.longitude, round(p.time.timestamp() * 1000), p.type, ext(p, 'speed'), ext(p, 'course'), outlier(p)]
      for p in s.points] for s in t.segments]} for t in g.tracks],
}))
`;
    type Pt = [number, number, number, string, number, number, boolean];
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
      expect(track.segments.map((s) => s.length)).toEqual(expectedSegments(chunk, k));
      const pts = track.segments.flat();
      expect(pts.map((p) => p[0])).toEqual([...chunk.lat]);
      expect(pts.map((p) => p[1])).toEqual([...chunk.lng]);
      expect(pts.map((p) => p[2])).toEqual([...chunk.t]);
      expect(pts.map((p) => p[3])).toEqual([...chunkPoints(chunk)].map((p) => p.status));
      expect(
        pts
          .map((p, i) => [i, p[6]])
          .filter(([, o]) => o)
          .map(([i]) => [k, i]),
      ).toEqual(INJECTED.filter(([d]) => d === k).map(([d, i]) => [d, i]));
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
    const text = readFileSync(csvFile, 'utf8');
    expect(parseBreadcrumbCsv(text)).toEqual(chunks.flatMap((c) => [...chunkPoints(c)]));
    expect(text.split('\r\n').filter((line) => line.endsWith(',true'))).toHaveLength(INJECTED.length);
  });
});
